import * as operations from '../../operations/interviews';
import { answerPartUrls } from '../../app/recording/answers';
import { defineHandler } from '../../platform/http';

/** Presigned URLs for the next parts of a recording in progress: each scoped to one part of one upload, short-lived. */
export const handler = defineHandler(operations.getAnswerPartUrls, async ({ params, body }) =>
  answerPartUrls(params.token, params.answerId, body.partNumbers),
);
