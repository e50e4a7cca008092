import { emailBrand } from '../companies/branding';
import { deleteMyDataHref } from '../data-deletion/links';
import { INTERVIEW_LINK_PLACEHOLDER, triggerNeedsInterviewLink } from '../../contracts/message-templates';
import { paths } from '../../contracts/app-paths';
import { renderMessage, sampleTemplateValues, standardTemplates, type TemplateWording } from '../../domain/messages';
import { appLink } from '../../platform/app-origin';
import { sendMail } from '../../adapters/mail';
import { getUser } from '../../data/accounts';
import type { Company } from '../../data/companies';
import { consumeRateLimit } from '../../data/rate-limits';
import {
  createMessageTemplate,
  deleteMessageTemplate,
  getMessageTemplate,
  listMessageTemplates,
  MessageTemplateGone,
  updateMessageTemplate,
  type MessageTemplateWording,
  type StoredMessageTemplate,
} from '../../data/message-templates';
import { allPositions, type Position } from '../../data/positions';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { companyOfOwner, requireMembership } from '../access/membership';
import type { Membership } from '../../data/memberships';
import { accessibleTo } from '../access/position';

/**
 * Message templates (spec §2 Emails tab, §3): the read-only standard ones every company has and
 * the company's own, which its owner creates, edits and deletes. Another company's template is a
 * 404; a member may read, only the owner may change.
 */

const standard = (t: (typeof standardTemplates)[number], inUse: boolean) => ({ ...t, inUse });
const own = (t: StoredMessageTemplate, inUse: boolean) => ({
  templateId: t.templateId,
  templateName: t.templateName,
  subjectLine: t.subjectLine,
  bodyContent: t.bodyContent,
  isStandard: false,
  inUse,
});

/** Template ids the positions plan, with whether any plans it as an invitation or reminder. */
const plannedUses = (positions: Pick<Position, 'plannedMessages'>[]) => {
  const uses = new Map<string, { needsLink: boolean }>();
  for (const m of positions.flatMap((p) => p.plannedMessages)) {
    const needsLink = triggerNeedsInterviewLink(m.sendTrigger) || (uses.get(m.templateId)?.needsLink ?? false);
    uses.set(m.templateId, { needsLink });
  }
  return uses;
};

/**
 * The standard templates then the company's own, each marked in use when a position the member can
 * open plans a message with it (positions hidden from them tell them nothing, not even this). The
 * company's positions and templates are read alongside the membership check.
 */
export const messageTemplatesFor = async (companyId: string, userId: string) => {
  const [membership, [positions, templates]] = await alongside(
    requireMembership(companyId, userId),
    Promise.all([allPositions(companyId), listMessageTemplates(companyId)]),
  );
  const used = plannedUses(positions.filter(accessibleTo(membership)));
  return {
    messageTemplates: [...standardTemplates.map((t) => standard(t, used.has(t.templateId))), ...templates.map((t) => own(t, used.has(t.templateId)))],
  };
};

/**
 * A company template for a member of its company (404 otherwise), and their membership: the
 * template is read alongside the session check, then the membership alongside `reads` (anything
 * that needs only the template, such as the company's positions).
 */
const memberTemplate = async <R = undefined>(templateId: string, caller: Caller, reads?: (template: StoredMessageTemplate) => Promise<R>) => {
  const [userId, template] = await alongside(callerId(caller), getMessageTemplate(templateId));
  if (!template) throw notFound('Message template not found.');
  const check = requireMembership(template.companyId, userId).catch(() => {
    throw notFound('Message template not found.');
  });
  const [membership, read] = await alongside(check, reads ? reads(template) : Promise.resolve(undefined as R));
  return { template, membership, read };
};

/** The company's positions, for what a template is planned for. */
const positionsOf = (template: StoredMessageTemplate) => allPositions(template.companyId);

const readOnly = () =>
  forbidden('Standard templates are read-only: they cannot be changed or deleted. Create a template of your own instead.', 'standard_template');

/** A company template its owner may change (standard ones are read-only, members may not), and the company's positions. */
const ownedTemplate = async (templateId: string, caller: Caller) => {
  if (standardTemplates.some((t) => t.templateId === templateId)) throw readOnly();
  const { template, membership, read: positions } = await memberTemplate(templateId, caller, positionsOf);
  if (membership.role !== 'owner') throw forbidden();
  return { template, positions };
};

export const createTemplate = async (companyId: string, wording: MessageTemplateWording, log: Logger) => {
  const template = await createMessageTemplate(companyId, wording);
  log.info('message template created', { templateId: template.templateId });
  return own(template, false);
};

/** One template: a standard one for anyone signed in, a company one for its members. */
export const getTemplate = async (templateId: string, caller: Caller) => {
  const builtIn = standardTemplates.find((t) => t.templateId === templateId);
  if (builtIn) return standard(builtIn, false);
  const { template, membership, read: positions } = await memberTemplate(templateId, caller, positionsOf);
  const used = plannedUses(positions.filter(accessibleTo(membership)));
  return own(template, used.has(templateId));
};

/**
 * Changes a company template's wording. Messages planned with it are sent in the new wording (the
 * sender reads the template when it sends). A template a position plans as an invitation or a
 * reminder keeps `{interviewLink}`: the candidate could not reach the interview otherwise.
 */
export const updateTemplate = async (templateId: string, caller: Caller, wording: MessageTemplateWording) => {
  const { template, positions } = await ownedTemplate(templateId, caller);
  const used = plannedUses(positions).get(templateId);
  if (used?.needsLink && !wording.bodyContent.includes(INTERVIEW_LINK_PLACEHOLDER))
    throw badRequest(
      `This template is planned as an invitation or reminder, so its message must contain ${INTERVIEW_LINK_PLACEHOLDER}: without it the candidate could not open the interview.`,
      'interview_link_required',
    );
  try {
    return own(await updateMessageTemplate(template, wording), used !== undefined);
  } catch (error) {
    if (error instanceof MessageTemplateGone) throw notFound('Message template not found.');
    throw error;
  }
};

/** Deletes a company template no position plans. */
export const deleteTemplate = async (templateId: string, caller: Caller, log: Logger) => {
  const { positions } = await ownedTemplate(templateId, caller);
  const users = positions.filter((p) => p.plannedMessages.some((m) => m.templateId === templateId));
  if (users.length > 0)
    throw conflict(
      `This template is in use: ${users.length === 1 ? 'a position plans' : `${users.length} positions plan`} messages with it. Remove it from their candidate notifications first.`,
      'template_in_use',
    );
  try {
    await deleteMessageTemplate(templateId);
  } catch (error) {
    if (error instanceof MessageTemplateGone) throw notFound('Message template not found.');
    throw error;
  }
  log.info('message template deleted', { templateId });
};

/** The wording of a template a company may use (standard, or its own), or null. */
export const companyTemplate = async (
  companyId: string,
  templateId: string,
): Promise<(TemplateWording & { templateId: string; templateName: string }) | null> => {
  const builtIn = standardTemplates.find((t) => t.templateId === templateId);
  if (builtIn) return builtIn;
  const template = await getMessageTemplate(templateId);
  return template && template.companyId === companyId ? template : null;
};

/**
 * Planned messages a position may save: each names a standard template or one of the company's,
 * and one sent as an invitation or a reminder carries `{interviewLink}`.
 */
export const checkPlannedMessages = async (companyId: string, plannedMessages: { templateId: string; sendTrigger: string }[]) => {
  const templates = await Promise.all([...new Set(plannedMessages.map((m) => m.templateId))].map((id) => companyTemplate(companyId, id)));
  const byId = new Map(templates.flatMap((t) => (t ? [[t.templateId, t] as const] : [])));
  for (const message of plannedMessages) {
    const template = byId.get(message.templateId);
    if (!template) throw badRequest('Choose a message template from the list.', 'unknown_template');
    if (triggerNeedsInterviewLink(message.sendTrigger) && !template.bodyContent.includes(INTERVIEW_LINK_PLACEHOLDER))
      throw badRequest(
        `"${template.templateName}" has no ${INTERVIEW_LINK_PLACEHOLDER}, so it can only be sent when the candidate responds: invitations and reminders must carry the candidate's link.`,
        'interview_link_required',
      );
  }
};

/** Test mails an owner may send themselves in an hour. */
const TEST_MAILS_PER_HOUR = 20;

const rendered = async (company: Company, draft: TemplateWording) => {
  const [interviewLink, brand, deleteHref] = await Promise.all([
    appLink(paths.interview.to('sample')),
    emailBrand(company),
    deleteMyDataHref(company.companyId, null),
  ]);
  return renderMessage(draft, sampleTemplateValues(company.companyName, interviewLink), brand, deleteHref);
};

/**
 * A draft rendered as a candidate would receive it, with sample values and the company's name (one
 * renderer with the sender). An owner route: the company is read alongside the chain's owner check.
 */
export const previewTemplate = async (companyId: string, owner: PromiseLike<Membership>, draft: TemplateWording) =>
  rendered(await companyOfOwner(companyId, owner), draft);

/**
 * Mails the rendered draft to the signed-in owner, marked as a test. The company is read alongside
 * the session check, the owner's account alongside the owner check, before the rate limit's write.
 */
export const sendTestMail = async (companyId: string, caller: Caller, owner: PromiseLike<Membership>, draft: TemplateWording, log: Logger) => {
  const userId = callerId(caller);
  const [company, user] = await Promise.all([companyOfOwner(companyId, owner), userId.then(getUser)]);
  if (!user) throw notFound('Account not found.');
  if (!(await consumeRateLimit('template-test-mail', user.userId, TEST_MAILS_PER_HOUR, 3600)))
    throw tooManyRequests('You have sent many test mails in the last hour. Please try again later.');
  const mail = await rendered(company, draft);
  await sendMail({ to: user.email, ...mail, subject: `[Test] ${mail.subject}` });
  log.info('template test mail sent');
  return { sentTo: user.email };
};
