import * as operations from '../../operations/interviews';
import { saveAnswerDraft } from '../../app/recording/typed-answers';
import { defineHandler } from '../../platform/http';

/** A text answer's draft is saved while the candidate types. */
export const handler = defineHandler(operations.saveAnswerDraft, async ({ params, body }) => saveAnswerDraft(params.token, params.questionIndex, body.text));
