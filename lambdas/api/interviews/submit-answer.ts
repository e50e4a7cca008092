import * as operations from '../../operations/interviews';
import { submitAnswer } from '../../app/recording/submit';
import { defineHandler } from '../../platform/http';

/** Submitting an answer: the parts are joined, the answer recorded and its processing started (safe to repeat). */
export const handler = defineHandler(operations.submitAnswer, async ({ params, body, log }) =>
  submitAnswer(
    params.token,
    params.answerId,
    'parts' in body ? { parts: body.parts } : 'recordingId' in body ? { recordingId: body.recordingId } : { uploaded: body.uploaded },
    log,
  ),
);
