import type { SummarySetting } from '../../contracts/summaries';
import { setSummarySetting } from '../../data/companies';
import type { Membership } from '../../data/memberships';
import { notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record';

/** What the audit log's entry says the setting is now. */
const settingDetail = (setting: SummarySetting) =>
  `summaries ${setting.enabled ? 'on' : 'off'}, on the share page ${setting.showOnSharePage ? 'on' : 'off'}`;

/**
 * The company's summaries setting (issue 41; owner route: the handler chain checks the owner). Every
 * view reads it with what it shows, so switching off hides the summaries at once everywhere and the
 * pipeline's summarising step makes none from then on; switching on summarises answers transcribed
 * from then on (and those processed again). The change goes into the company's audit log.
 */
export const saveSummarySetting = async (companyId: string, owner: PromiseLike<Membership>, setting: SummarySetting): Promise<SummarySetting> => {
  const membership = await owner;
  const saved = { enabled: setting.enabled, showOnSharePage: setting.showOnSharePage };
  if (!(await setSummarySetting(companyId, saved))) throw notFound('Company not found.');
  await recordAudit({ companyId, action: 'settings_changed', actor: { userId: membership.userId }, detail: settingDetail(saved) });
  return saved;
};
