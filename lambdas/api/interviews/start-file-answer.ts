import * as operations from '../../operations/interviews';
import { startFileAnswer } from '../../app/recording/file-answers';
import { deviceOf } from '../../domain/reports';
import { defineHandler, headerValue } from '../../platform/http';

/** A file answer starts: a presigned PUT for the file's exact size; its type is read from its bytes when it is submitted. */
export const handler = defineHandler(operations.startFileAnswer, async ({ params, body, log, event }) =>
  startFileAnswer(params.token, params.questionIndex, body, log, deviceOf(headerValue(event, 'user-agent'))),
);
