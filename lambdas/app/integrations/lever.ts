import { leverRedirectUri } from '../../contracts/app-paths';
import { integrationForms } from '../../contracts/integrations';
import { appOrigin } from '../../platform/app-origin';
import { AtsRequestFailed, atsAdapters, atsConnection, leverOAuthClient } from '../../adapters/ats';
import { exchangeLeverCode, leverConsentHref } from '../../adapters/ats';
import { randomToken, sha256 } from '../../platform/crypto';
import { companyIntegrations } from '../../data/integrations/integration';
import { consumeOAuthState, putOAuthState } from '../../data/integrations/oauth-states';
import { epochSeconds } from '../../data/keys';
import { badRequest, conflict, HttpError } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { ownedCompany } from '../access/membership';
import { connectIntegration } from './connections';

/**
 * Lever's OAuth consent (spec §7 Integrations, §2 /complete-lever-integration): the owner is sent to
 * Lever with a state bound to their company and themself (single use, ten minutes), Lever sends
 * them back to the app, which completes (code → tokens, sealed) or aborts the consent.
 */
const STATE_TTL_SECONDS = 10 * 60;
const OWNER_ONLY = 'Only the company owner can manage integrations.';
const STATE_REFUSED = 'This Lever consent has expired or was already used. Start again from the Integrate tab.';
const { name: LEVER } = integrationForms.lever;

export const startLeverConsent = async (companyId: string, userId: string) => {
  const [, existing, client, origin] = await Promise.all([
    ownedCompany(companyId, userId, OWNER_ONLY),
    companyIntegrations(companyId),
    leverOAuthClient(),
    appOrigin(),
  ]);
  if (existing.some((record) => record.integrationType === 'lever')) throw conflict(`${LEVER} is already connected.`, 'already_added');
  const state = randomToken(32);
  await putOAuthState(sha256(state), { companyId, userId, integrationType: 'lever', expiresAt: epochSeconds(new Date()) + STATE_TTL_SECONDS });
  return { authHref: leverConsentHref(atsConnection(atsAdapters.lever, {}), client.clientId, leverRedirectUri(origin), state) };
};

/** Lever sent the owner back with a code: the state is used up, the code exchanged, the integration added. */
export const completeLeverConsent = async (input: { state: string; code: string; userId: string }, log: Logger) => {
  const consent = await consumeOAuthState(sha256(input.state), input.userId);
  if (!consent || consent.integrationType !== 'lever') throw badRequest(STATE_REFUSED, 'invalid_state');
  const [company, origin] = await Promise.all([ownedCompany(consent.companyId, input.userId, OWNER_ONLY), appOrigin()]);
  let credentials;
  try {
    credentials = await exchangeLeverCode(atsConnection(atsAdapters.lever, {}), input.code, leverRedirectUri(origin));
  } catch (error) {
    log.warn('Lever code not exchanged', describeError(error));
    if (error instanceof AtsRequestFailed && error.retryable) {
      throw new HttpError(502, `${LEVER} could not be reached to complete the consent. Try again in a few minutes.`, 'ats_unavailable');
    }
    throw badRequest(`${LEVER} did not accept the consent. Start again from the Integrate tab.`, 'oauth_failed');
  }
  await connectIntegration(company, { integrationType: 'lever', credentials, userId: input.userId, automaticStageTransitions: false }, log);
  return { companyId: consent.companyId };
};

/** Lever sent the owner back without a code (refused or cancelled): the state is used up, nothing is stored. */
export const abortLeverConsent = async (
  input: { state: string; userId: string; error?: string | null; errorDescription?: string | null },
  log: Logger,
) => {
  const consent = await consumeOAuthState(sha256(input.state), input.userId);
  if (!consent) throw badRequest(STATE_REFUSED, 'invalid_state');
  log.info('Lever consent aborted', { companyId: consent.companyId, error: input.error ?? null, errorDescription: input.errorDescription ?? null });
  return { companyId: consent.companyId };
};
