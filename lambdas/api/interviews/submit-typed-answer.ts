import * as operations from '../../operations/interviews';
import { submitTypedAnswer } from '../../app/recording/typed-answers';
import { defineHandler } from '../../platform/http';

/** A text or choice answer is submitted, held to the question's rules (safe to repeat). */
export const handler = defineHandler(operations.submitTypedAnswer, async ({ params, body, log }) =>
  submitTypedAnswer(params.token, params.questionIndex, body, log),
);
