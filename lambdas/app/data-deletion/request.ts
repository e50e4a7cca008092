import { paths } from '../../contracts/app-paths';
import { DELETION_REQUESTED_MESSAGE } from '../../contracts/data-deletion';
import { DEFAULT_BRAND_COLORS, DELETED_DATA_KINDS } from '../../contracts/vocabulary';
import { deletionConfirmationEmail } from '../../domain/emails/data-deletion';
import { sendMail } from '../../adapters/mail';
import { getCompany } from '../../data/companies';
import { candidateIdsOfAddress, positionIdsOfCompany, putDeletionRequest } from '../../data/data-deletion';
import { consumeRateLimit } from '../../data/rate-limits';
import { appLink } from '../../platform/app-origin';
import { sha256 } from '../../platform/crypto';
import { tooManyRequests } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { emailBrand } from '../companies/branding';

/** Requests one address may make of one company in an hour (each may mail the address a link). */
export const DELETION_REQUESTS_PER_HOUR = 3;

/**
 * A candidate asks a company to delete their data (issue 28). Whatever the company holds, the
 * answer is the same (no account enumeration). When the address is a candidate of any of the
 * company's positions (one Query of its positions, then BatchGetItem of the address items), a
 * request is stored under the hash of a fresh nonce and the confirmation link mailed to the address.
 * The rate limit counts by a hash of company and address, so no item names the address but the request.
 */
export const requestDataDeletion = async (companyId: string, email: string, log: Logger) => {
  if (!(await consumeRateLimit('data-deletion', sha256(`${companyId}\n${email}`), DELETION_REQUESTS_PER_HOUR, 3600)))
    throw tooManyRequests('This address has asked several times in the last hour. Please check your inbox for our e-mail, or try again later.');
  const [company, positionIds] = await Promise.all([getCompany(companyId), positionIdsOfCompany(companyId)]);
  const candidateIds = company ? await candidateIdsOfAddress(positionIds, email) : [];
  if (!company || candidateIds.length === 0) {
    log.info('data deletion requested: nothing held', { companyId });
    return { message: DELETION_REQUESTED_MESSAGE };
  }
  const nonce = await putDeletionRequest({ companyId, email, candidateIds });
  const [confirmHref, brand] = await Promise.all([appLink(paths.confirmDeletion.to(nonce, { company: companyId })), emailBrand(company)]);
  await sendMail(
    deletionConfirmationEmail({
      to: email,
      companyName: company.companyName,
      confirmHref,
      kinds: DELETED_DATA_KINDS,
      brandColor: company.theme.themeEnabled ? company.theme.themeDefinition.palette.primary.main : DEFAULT_BRAND_COLORS.primary,
      brand,
    }),
  );
  log.info('data deletion requested', { companyId, candidates: candidateIds.length });
  return { message: DELETION_REQUESTED_MESSAGE };
};
