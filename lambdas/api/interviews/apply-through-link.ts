import * as operations from '../../operations/interviews';
import { applyThroughLink } from '../../app/recording/apply';
import { defineHandler } from '../../platform/http';

/** Applying through a public link: the candidate is created like an invite and gets the interview straight back. */
export const handler = defineHandler(operations.applyThroughLink, async ({ params, body, log }) => applyThroughLink(params.linkId, body, log));
