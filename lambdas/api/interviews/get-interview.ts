import * as operations from '../../operations/interviews';
import { candidateInterview } from '../../app/recording/interview';
import { defineHandler } from '../../platform/http';

/** The candidate's interview as it was when they were invited, with their progress. */
export const handler = defineHandler(operations.getInterview, async ({ params, log }) => candidateInterview(params.token, log));
