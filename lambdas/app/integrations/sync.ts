import { emailSchema } from '../../contracts/common';
import { integrationForms } from '../../contracts/integrations';
import { candidateNameFromAts } from '../../domain/integrations';
import { atsAdapters, type AtsCandidate } from '../../adapters/ats';
import { getCompany, type Company } from '../../data/companies';
import { AlreadyImported, integrationsToSync, recordSync, type IntegrationRecord } from '../../data/integrations/integration';
import { importedRefs, markImported } from '../../data/integrations/imports';
import { allPositions, type Position } from '../../data/positions';
import { HttpError } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { invite } from '../invitations/invite';
import { connectionOf } from './credentials';

/**
 * Candidates in from the ATS (issue 16 "In"): each open position with a tag for the integration's
 * type invites the ATS's candidates carrying that tag, once (the import item is written in the
 * invite's transaction), with credits and plan gating as for any invite. Runs every 15 minutes for
 * every integration, and at once for one integration when its ATS's webhook arrives.
 */
export interface SyncOutcome {
  invited: number;
  problem: string | null;
}

const asNewCandidate = (record: IntegrationRecord, person: AtsCandidate) => {
  const email = person.email ? emailSchema.safeParse(person.email) : null;
  return {
    candidateName: candidateNameFromAts(person.name, record.integrationType),
    email: email?.success ? email.data : null,
    integration: { integrationId: record.integrationId, integrationType: record.integrationType, ref: person.ref, profileHref: person.profileHref },
  };
};

/** Invites the ATS's new tagged candidates to one position; stops at the first refusal that would refuse the rest too. */
const syncPosition = async (
  record: IntegrationRecord,
  company: Company,
  position: Position,
  tagged: AtsCandidate[],
  log: Logger,
): Promise<SyncOutcome & { stop: boolean }> => {
  const { name } = integrationForms[record.integrationType];
  const known = await importedRefs(
    record.integrationId,
    position.positionId,
    tagged.map((person) => person.ref),
  );
  let invited = 0;
  for (const person of tagged.filter((p) => !known.has(p.ref))) {
    try {
      await invite(position, company, [asNewCandidate(record, person)], log);
      invited += 1;
    } catch (error) {
      if (error instanceof AlreadyImported) continue;
      if (error instanceof HttpError && error.code === 'already_invited') {
        await markImported(record.integrationId, position.positionId, person.ref, 'already a candidate of the position');
        continue;
      }
      if (error instanceof HttpError && error.status === 402) {
        return { invited, stop: true, problem: `No interview credits left: candidates tagged in ${name} wait until a plan is selected.` };
      }
      if (error instanceof HttpError && error.code === 'position_closed') return { invited, stop: false, problem: null };
      throw error;
    }
  }
  return { invited, stop: false, problem: null };
};

export const syncIntegration = async (record: IntegrationRecord, log: Logger, now = new Date()): Promise<SyncOutcome> => {
  const { name } = integrationForms[record.integrationType];
  const company = await getCompany(record.companyId);
  if (!company) return { invited: 0, problem: null };
  const tagOf = (position: Position) => position.integrationTags.find((t) => t.integrationType === record.integrationType)?.tag;
  const positions = (await allPositions(company.companyId)).filter((p) => p.currentStatus === 'open' && tagOf(p));
  let invited = 0;
  let problem: string | null = null;
  if (positions.length > 0) {
    const { connection } = await connectionOf(record);
    const adapter = atsAdapters[record.integrationType];
    for (const position of positions) {
      let tagged: AtsCandidate[];
      try {
        tagged = await adapter.listTagged(connection, tagOf(position)!);
      } catch (error) {
        log.warn('ATS tag not listed', { integrationId: record.integrationId, positionId: position.positionId, ...describeError(error) });
        problem ??= `${name} could not be reached to list the candidates tagged “${tagOf(position)}”; the next sync tries again.`;
        continue;
      }
      const outcome = await syncPosition(record, company, position, tagged, log);
      invited += outcome.invited;
      problem ??= outcome.problem;
      if (outcome.stop) break;
    }
  }
  await recordSync(record.integrationId, { syncedAt: now.toISOString(), invited, problem });
  log.info('integration synced', { integrationId: record.integrationId, invited, problem });
  return { invited, problem };
};

const PAGE = 25;

/** The 15-minute sync of every integration; one failing integration is recorded and the others go on. */
export const syncAllIntegrations = async (log: Logger, now = new Date()) => {
  let after: Record<string, unknown> | undefined;
  let integrations = 0;
  let invited = 0;
  do {
    const page = await integrationsToSync(PAGE, after);
    for (const record of page.integrations) {
      integrations += 1;
      try {
        invited += (await syncIntegration(record, log, now)).invited;
      } catch (error) {
        log.error('integration sync failed', { integrationId: record.integrationId, ...describeError(error) });
        await recordSync(record.integrationId, {
          syncedAt: now.toISOString(),
          invited: 0,
          problem: `The sync with ${integrationForms[record.integrationType].name} failed; the next one tries again.`,
        });
      }
    }
    after = page.next;
  } while (after);
  return { integrations, invited };
};
