import * as operations from '../../operations/interviews';
import { requestInterviewTiming } from '../../app/recording/timing';
import { defineHandler } from '../../platform/http';

/** The candidate asks for no time limit or double time before their first question: applied at once, or asked of the team. */
export const handler = defineHandler(operations.requestInterviewTiming, async ({ params, body, log }) =>
  requestInterviewTiming(params.token, body.choice, log),
);
