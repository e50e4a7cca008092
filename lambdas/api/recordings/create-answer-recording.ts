import * as operations from '../../operations/recordings';
import { openAnswerRecording } from '../../app/recording/live';
import { defineHandler } from '../../platform/http';

/** A live recording of a take: its own stage and a publish-only token for it. */
export const handler = defineHandler(operations.createAnswerRecording, async ({ params, body, log }) =>
  openAnswerRecording(params.token, body.answerId, log),
);
