import * as operations from '../../operations/interviews';
import { startAnswer } from '../../app/recording/answers';
import { defineHandler } from '../../platform/http';

/** A recording starts: a take is counted and a multipart upload opened for the browser to send parts to while it records. */
export const handler = defineHandler(operations.startAnswer, async ({ params, body, log }) =>
  startAnswer(params.token, body.questionIndex, body.contentType, log, body.replacesAnswerId),
);
