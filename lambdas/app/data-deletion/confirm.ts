import { randomBytes } from 'node:crypto';
import { DELETION_LINK_GONE_MESSAGE } from '../../contracts/data-deletion';
import { DELETED_DATA_KINDS } from '../../contracts/vocabulary';
import { candidatesOfRequest, receiptIdOf } from '../../domain/data-deletion';
import { deletedOnRequestEmail, deletionReceiptEmail } from '../../domain/emails/data-deletion';
import { sendMail } from '../../adapters/mail';
import { CandidateGone, readCandidatePartition, type Candidate, type CandidatePartition } from '../../data/candidates/candidate';
import { getCompany } from '../../data/companies';
import { putDeletionReceipt, restoreDeletionRequest, takeDeletionRequest } from '../../data/data-deletion';
import { listMembers } from '../../data/members';
import { notFound } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { recordAudit } from '../audit/record';
import { emailBrand } from '../companies/branding';
import { deleteCandidateCascade } from '../deletion/cascade';
import { webhookEvent } from '../../adapters/events';
import { candidateDeletedData } from '../../domain/webhook-payloads';
import { publishEvents } from '../webhooks/publish-events';

/** Attempts at one candidate whose status changed between the read and the deletion (they were answering, say). */
const ATTEMPTS = 3;

/** One candidate with everything of theirs; read again and retried when their status moved meanwhile. False when they were gone already. */
const deleteOne = async (candidate: Candidate, partition: CandidatePartition): Promise<boolean> => {
  for (let attempt = 1; ; attempt++) {
    try {
      await deleteCandidateCascade(candidate, { partition });
      return true;
    } catch (error) {
      if (!(error instanceof CandidateGone) || attempt >= ATTEMPTS) throw error;
      partition = await readCandidatePartition(candidate.candidateId);
      if (!partition.candidate) return false;
      candidate = partition.candidate;
    }
  }
};

/**
 * The candidate confirms from the mailed link (issue 28): the request is taken (single use: one
 * DeleteItem), then every candidate of that address in that company is deleted at once with
 * everything of theirs (deletion/cascade.ts), a receipt without personal data is kept, an audit
 * entry per candidate is recorded (the candidate as actor), the candidate is mailed the receipt
 * and the company's owners are told, naming only the positions. The candidates' partitions, the
 * company and its members are read together. Should a deletion fail, the request is put back, so
 * the same link can finish the work.
 */
export const confirmDataDeletion = async (nonce: string, log: Logger) => {
  const request = await takeDeletionRequest(nonce);
  if (!request) throw notFound(DELETION_LINK_GONE_MESSAGE, 'deletion_link_gone');
  const deletedAt = new Date();
  const receiptId = receiptIdOf(randomBytes(8).toString('hex'));
  let deleted: Candidate[];
  let company: Awaited<ReturnType<typeof getCompany>>;
  let owners: string[];
  try {
    const [partitions, companyRead, { members }] = await Promise.all([
      Promise.all(request.candidateIds.map((id) => readCandidatePartition(id))),
      getCompany(request.companyId),
      listMembers(request.companyId),
    ]);
    company = companyRead;
    owners = members.filter((member) => member.userRole === 'owner').map((member) => member.email);
    const targets = candidatesOfRequest(
      partitions.map((p) => p.candidate),
      request,
    );
    const outcomes = await Promise.all(
      targets.map((candidate) =>
        deleteOne(
          candidate,
          partitions.find((p) => p.candidate === candidate)!,
        ),
      ),
    );
    deleted = targets.filter((_, i) => outcomes[i]);
  } catch (error) {
    await restoreDeletionRequest(nonce, request);
    throw error;
  }

  const companyName = company?.companyName ?? 'The company';
  const receipt = { receiptId, companyName, deletedAt: deletedAt.toISOString(), kinds: [...DELETED_DATA_KINDS], candidates: deleted.length };
  const jobTitles = [...new Set(deleted.map((candidate) => candidate.jobTitle))];
  const brand = company ? await emailBrand(company).catch(() => null) : null;
  const mails = [
    deletionReceiptEmail({ to: request.email, ...receipt, jobTitles, brand }),
    ...(deleted.length > 0 ? owners.map((to) => deletedOnRequestEmail({ to, jobTitles, receiptId, deletedAt: receipt.deletedAt, brand })) : []),
  ];
  await Promise.all([
    putDeletionReceipt({
      receiptId,
      companyId: request.companyId,
      deletedAt: receipt.deletedAt,
      kinds: DELETED_DATA_KINDS,
      path: 'candidate_request',
      count: deleted.length,
    }),
    ...deleted.map((candidate) =>
      recordAudit({
        companyId: request.companyId,
        action: 'deleted_on_request',
        actor: null,
        candidateId: candidate.candidateId,
        positionId: candidate.positionId,
        detail: receiptId,
        retentionMonths: company?.retentionMonths ?? null,
        at: deletedAt,
      }),
    ),
    // A mail that fails is logged: the deletion stands and the page shows the receipt.
    ...mails.map((mail) =>
      sendMail(mail).catch((error: unknown) => log.error('data deletion mail not sent', { companyId: request.companyId, ...describeError(error) })),
    ),
  ]);
  await publishEvents(
    deleted.map((candidate) => webhookEvent('candidate.deleted', request.companyId, candidateDeletedData(candidate, 'candidate_request'))),
    log,
  );
  log.info('data deleted on request', { companyId: request.companyId, receiptId, candidates: deleted.length });
  return receipt;
};
