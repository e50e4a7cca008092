import type { AuditAction } from '../../contracts/vocabulary';
import { auditEntryStep, putAuditEntry } from '../../data/audit';
import { ConditionFailed, transact, type TransactionStep } from '../../data/transaction';
import { getCompany } from '../../data/companies';
import { addMonths, type RetentionMonths } from '../../domain/retention';
import { describeError, logger } from '../../platform/logger';

export interface AuditRecord {
  companyId: string;
  action: AuditAction;
  /** The member who did it; null when the candidate did (deletion on request) or the system. */
  actor: { userId: string } | null;
  candidateId?: string;
  positionId?: string;
  /** A short fact about it, never personal data (the new status of a status change, say). */
  detail?: string;
  /**
   * The company's retention months when the use case already read the company (the entry expires
   * then); left out, the company is read here (one GetItem).
   */
  retentionMonths?: RetentionMonths;
  /** When it happened (tests); now by default. */
  at?: Date;
}

/**
 * Records an entry of the company's audit log (issue 28). It never fails the caller's request: an
 * error is logged and swallowed. Start it alongside the response's own work and await it before
 * returning (a Lambda may freeze once the handler returns), e.g.
 * `await Promise.all([work, recordAudit(...)])`.
 */
export const recordAudit = async (entry: AuditRecord): Promise<void> => {
  try {
    const months = entry.retentionMonths !== undefined ? entry.retentionMonths : ((await getCompany(entry.companyId))?.retentionMonths ?? null);
    await putAuditEntry(...storedEntry(entry, months));
  } catch (error) {
    logger.error('audit entry not recorded', { companyId: entry.companyId, action: entry.action, ...describeError(error) });
  }
};

const storedEntry = (entry: AuditRecord, months: RetentionMonths) => {
  const at = entry.at ?? new Date();
  return [
    {
      companyId: entry.companyId,
      at: at.toISOString(),
      action: entry.action,
      actorUserId: entry.actor?.userId ?? null,
      candidateId: entry.candidateId ?? null,
      positionId: entry.positionId ?? null,
      detail: entry.detail ?? null,
    },
    months === null ? null : addMonths(at, months),
  ] as const;
};

/**
 * The entry as a step of the use case's own transaction (it needs the retention months read
 * already): written with that write, in the same round trip, or not at all. Where the transaction
 * does not go through, record it with recordAudit instead.
 */
export const auditStep = (entry: AuditRecord & { retentionMonths: RetentionMonths }) => auditEntryStep(...storedEntry(entry, entry.retentionMonths));

/**
 * Records the entry unless `once` (a step whose condition says it was recorded already: one
 * opening's view, data/audit.ts auditOpeningStep) fails: both in one transaction. Like recordAudit,
 * it never fails the caller's request.
 */
export const recordAuditOnce = async (entry: AuditRecord & { retentionMonths: RetentionMonths }, once: TransactionStep): Promise<void> => {
  try {
    await transact([once, auditStep(entry)]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === once.name) return;
    logger.error('audit entry not recorded', { companyId: entry.companyId, action: entry.action, ...describeError(error) });
  }
};
