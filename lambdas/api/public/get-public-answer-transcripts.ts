import * as operations from '../../operations/public';
import { publicTranscripts } from '../../app/sharing/public';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getPublicAnswerTranscripts, async ({ params }) => publicTranscripts(params.publicCandidateId));
