import * as operations from '../../operations/public';
import { publicCandidate } from '../../app/sharing/public';
import { defineHandler } from '../../platform/http';

/** A shared candidate for anyone with the link: name, position, questions and answers, nothing else. */
export const handler = defineHandler(operations.getPublicCandidate, async ({ params }) => publicCandidate(params.publicCandidateId));
