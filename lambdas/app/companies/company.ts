import { deleteCompanyData, getCompanyWithMemberships, renameCompany as storeCompanyName } from '../../shared/db/companies';
import type { Membership } from '../../shared/db/memberships';
import { deleteMessageTemplate, listMessageTemplates, MessageTemplateGone } from '../../shared/db/message-templates';
import { notFound } from '../../shared/errors';
import type { Logger } from '../../shared/logger';
import { alongside } from '../access/alongside';
import { deletePositionsOfCompany } from '../deletion/cascade';
import { disconnectCompanyIntegrations } from '../integrations/connections';

/** The company's own settings and its deletion (owner routes: the handler chain has checked the owner). */

/**
 * Renames the company (its memberships carry the name and follow). The company and its
 * memberships are read in one Query alongside the owner check (and the session check, while it
 * runs), and renamed together once it passed.
 */
export const renameCompany = async (companyId: string, companyName: string, owner: PromiseLike<Membership>) => {
  const [, { company, memberships }] = await alongside(Promise.resolve(owner), getCompanyWithMemberships(companyId));
  if (!company || !(await storeCompanyName(companyId, companyName, memberships))) throw notFound('Company not found.');
  return { ...company, companyName };
};

/**
 * Deletes the company with everything of it: its positions (each with its candidates and their
 * media), its integrations (webhooks unregistered, sealed credentials deleted), its message
 * templates, then its own items.
 */
export const deleteCompany = async (companyId: string, log: Logger) => {
  await deletePositionsOfCompany(companyId);
  await disconnectCompanyIntegrations(companyId, log);
  const templates = await listMessageTemplates(companyId);
  await Promise.all(
    templates.map((template) =>
      deleteMessageTemplate(template.templateId).catch((error: unknown) => {
        if (!(error instanceof MessageTemplateGone)) throw error;
      }),
    ),
  );
  await deleteCompanyData(companyId);
  log.info('company deleted', { companyId });
};
