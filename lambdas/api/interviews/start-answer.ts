import * as operations from '../../operations/interviews';
import { startAnswer } from '../../app/recording/answers';
import { deviceOf } from '../../domain/reports';
import { defineHandler, headerValue } from '../../platform/http';

/** A recording starts: a take is counted and a multipart upload opened for the browser to send parts to while it records. */
export const handler = defineHandler(operations.startAnswer, async ({ params, body, log, event }) =>
  startAnswer(params.token, body.questionIndex, body.contentType, log, body.replacesAnswerId, deviceOf(headerValue(event, 'user-agent'))),
);
