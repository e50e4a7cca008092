import { allApiKeyKeys } from '../../data/api-keys';
import { reportItemKeys } from '../../data/reports';
import { summaryMonth } from '../../contracts/summaries';
import { companyItemKeys, deleteCompanyData, getCompany, getCompanyWithMemberships, renameCompany as storeCompanyName, type Company } from '../../data/companies';
import { getSummaryUsage, summaryUsageKeys } from '../../data/summary-usage';
import { supportedIntegrationTypes } from '../../domain/company';
import { usageView } from '../../domain/summary-views';
import type { Membership } from '../../data/memberships';
import { deleteMessageTemplate, listMessageTemplates, MessageTemplateGone } from '../../data/message-templates';
import { allPositions } from '../../data/positions';
import { notFound } from '../../platform/errors';
import type { Caller } from '../access/caller';
import { requireMembership } from '../access/membership';
import type { Logger } from '../../platform/logger';
import { alongside } from '../access/alongside';
import { deletePositionsOfCompany } from '../deletion/cascade';
import { disconnectCompanyIntegrations, readCompanyIntegrations } from '../integrations/connections';

/**
 * The company's own settings and its deletion (owner routes: the handler chain's owner check comes
 * in while it runs, and decides before anything is written).
 */

/**
 * The company as its GET shows it: with the integration types this deployment supports, and this
 * month's summary usage for an owner (issue 41; null for the other members and API keys).
 */
const companyView = (company: Company, usage: ReturnType<typeof usageView> | null) => ({
  ...company,
  config: { ...company.config, integrationTypes: supportedIntegrationTypes },
  summariesUsage: usage,
});

/** This month's summary usage of the company (one GetItem, alongside the company's read). */
const usageNow = async (companyId: string) => {
  const month = summaryMonth(new Date());
  return usageView(month, await getSummaryUsage(companyId, month));
};

/**
 * The company for one of its members: read alongside the membership check (and the session check,
 * while it runs), with this month's summary usage (shown to owners only); 404 otherwise.
 */
export const companyForMember = async (companyId: string, caller: Caller) => {
  const [membership, [company, usage]] = await alongside(requireMembership(companyId, caller), Promise.all([getCompany(companyId), usageNow(companyId)]));
  if (!company) throw notFound('Company not found.');
  return companyView(company, membership.role === 'owner' ? usage : null);
};

/**
 * Renames the company (its memberships carry the name and follow). The company and its
 * memberships are read in one Query alongside the owner check (and the session check, while it
 * runs), and renamed together once it passed.
 */
export const renameCompany = async (companyId: string, companyName: string, owner: PromiseLike<Membership>) => {
  const [, [{ company, memberships }, usage]] = await alongside(Promise.resolve(owner), Promise.all([getCompanyWithMemberships(companyId), usageNow(companyId)]));
  if (!company || !(await storeCompanyName(companyId, companyName, memberships))) throw notFound('Company not found.');
  return companyView({ ...company, companyName }, usage);
};

/**
 * Deletes the company with everything of it. What it has is read alongside the owner check
 * (`owner`, the handler chain's, while it runs): its positions, its integrations with their
 * imports, its message templates and its own items; nothing is deleted before the check passed.
 * Then its positions (each closed, then deleted with its candidates and their media), its
 * integrations (webhooks unregistered, sealed credentials deleted) and its message templates side
 * by side, and its own items (API keys, memberships, the profile last) once all of those are gone.
 */
export const deleteCompany = async (companyId: string, owner: PromiseLike<Membership>, log: Logger) => {
  const positionsRead = allPositions(companyId);
  const [, [positions, integrations, templates, ownItems, apiKeys, reportItems, usageItems]] = await alongside(
    Promise.resolve(owner),
    Promise.all([
      positionsRead,
      readCompanyIntegrations(companyId),
      listMessageTemplates(companyId),
      companyItemKeys(companyId),
      allApiKeyKeys(companyId),
      // Its reports' days (issue 40), the company's and its positions'.
      positionsRead.then((all) => reportItemKeys(companyId, all.map((position) => position.positionId))),
      // Its summary token usage, every month's (issue 41).
      summaryUsageKeys(companyId),
    ]),
  );
  const outcomes = await Promise.allSettled([
    deletePositionsOfCompany(positions),
    disconnectCompanyIntegrations(integrations, log),
    ...templates.map((template) =>
      deleteMessageTemplate(template.templateId).catch((error: unknown) => {
        if (!(error instanceof MessageTemplateGone)) throw error;
      }),
    ),
  ]);
  // Everything is waited for; the company stays (and its owner can try again) unless all of it went.
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  // Its API keys (issue 38) go before the profile, so a key stops with its company.
  await deleteCompanyData([...apiKeys, ...reportItems, ...usageItems, ...ownItems]);
  log.info('company deleted', { companyId });
};
