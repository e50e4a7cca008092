import * as operations from '../../operations/interviews';
import { submitTypedAnswer } from '../../app/recording/typed-answers';
import { deviceOf } from '../../domain/reports';
import { defineHandler, headerValue } from '../../platform/http';

/** A text or choice answer is submitted, held to the question's rules (safe to repeat). */
export const handler = defineHandler(operations.submitTypedAnswer, async ({ params, body, log, event }) =>
  submitTypedAnswer(params.token, params.questionIndex, body, log, deviceOf(headerValue(event, 'user-agent'))),
);
