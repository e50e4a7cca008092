import { getAnswerPartUrls as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { presignUploadPart } from '../../shared/clients/storage';
import { getAttempt } from '../../shared/db/candidates';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { requireOpenInterview } from '../../app/access/interview';

/** Presigned URLs for the next parts of a recording in progress: each scoped to one part of one upload, short-lived. */
export const handler = apiHandler(routes.getAnswerPartUrls, contract, async ({ params, body }) => {
  const candidate = await requireOpenInterview(params.token);
  const attempt = await getAttempt(candidate.candidateId, params.answerId);
  if (!attempt) throw notFound('This recording is no longer open. Record the answer again.', 'recording_not_found');
  const partNumbers = [...new Set(body.partNumbers)];
  return {
    parts: await Promise.all(
      partNumbers.map(async (partNumber) => ({ partNumber, uploadUrl: await presignUploadPart(attempt.key, attempt.uploadId, partNumber) })),
    ),
  };
});
