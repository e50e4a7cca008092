import { integrationForms, secretMask, type Integration, type IntegrationType } from '../../contracts/integrations';
import { handleIntegrationWebhook } from '../../operations/integrations';
import { API_PREFIX, fillPath } from '../../operations/path';
import { appOrigin } from '../../platform/app-origin';
import { AtsCredentialsRejected, AtsRequestFailed, atsAdapters, atsConnection, type AtsCredentials } from '../../adapters/ats';
import { newId, randomToken } from '../../platform/crypto';
import type { Company } from '../../data/companies';
import {
  companyIntegrations,
  deleteIntegrationRecord,
  getIntegrationWithImports,
  IntegrationTypeTaken,
  putIntegration,
  setWebhooks,
  type ImportKey,
  type IntegrationRecord,
  type IntegrationWithImports,
} from '../../data/integrations/integration';
import type { Membership } from '../../data/memberships';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { alongside } from '../access/alongside';
import type { Caller } from '../access/caller';
import { requireMembership } from '../access/membership';
import { connectionOf, sealSecrets } from './credentials';

/**
 * Connecting and disconnecting ATS integrations (spec §2 Integrate tab, §7 Integrations). Adding one
 * checks the credentials against the ATS first, registers our webhook where its API can, and seals
 * the credentials with KMS; the API shows the secret only as a mask. Removing one stops both
 * directions: its webhook is unregistered and its sealed credentials deleted.
 */
const OWNER_ONLY = 'Only the company owner can manage integrations.';

export const integrationView = (record: IntegrationRecord): Integration => ({
  integrationId: record.integrationId,
  integrationType: record.integrationType,
  username: record.username,
  integrationProperties: {
    authToken: secretMask(record.secretLength),
    greenhouse: record.integrationType === 'greenhouse' ? { automaticStageTransitions: record.automaticStageTransitions } : null,
  },
  webhooks: record.webhookIds.length > 0,
  createdAt: record.createdAt,
  lastSync: record.lastSync,
});

/** The company's integrations, for any of its members (the position settings' tag sections list them). */
export const listIntegrations = async (companyId: string, userId: string) => {
  const [, records] = await Promise.all([requireMembership(companyId, userId), companyIntegrations(companyId)]);
  return { integrations: records.map(integrationView) };
};

/** Where the ATS delivers an integration's webhooks: the API, on the app's origin (CloudFront forwards /api/*). */
const webhookUrl = async (integrationId: string) => `${await appOrigin()}${API_PREFIX}${fillPath(handleIntegrationWebhook.path, { integrationId })}`;

const alreadyAdded = (type: IntegrationType) => conflict(`${integrationForms[type].name} is already connected.`, 'already_added');

/**
 * Checks the credentials with the ATS, registers the webhook where it can, and stores the
 * integration with its sealed secrets (shared by key-based types and Lever's consent).
 */
export const connectIntegration = async (
  company: Pick<Company, 'companyId'>,
  input: { integrationType: IntegrationType; credentials: AtsCredentials; userId: string; automaticStageTransitions: boolean },
  log: Logger,
): Promise<IntegrationRecord> => {
  const { integrationType } = input;
  const { name } = integrationForms[integrationType];
  const adapter = atsAdapters[integrationType];
  const connection = atsConnection(adapter, input.credentials);
  try {
    await adapter.verifyCredentials(connection);
  } catch (error) {
    log.warn('ATS credentials not accepted', { integrationType, ...describeError(error) });
    if (error instanceof AtsCredentialsRejected)
      throw badRequest(`${name} did not accept these credentials. Check them and try again.`, 'credentials_rejected');
    if (error instanceof AtsRequestFailed)
      throw new HttpError(502, `${name} could not be reached to check the credentials. Try again in a few minutes.`, 'ats_unavailable');
    throw error;
  }
  const integrationId = newId();
  const base = { integrationId, companyId: company.companyId };
  // Stored before the webhook is registered: an ATS that pings the URL on registration (Ashby)
  // finds the integration and the secret it signs with.
  const ourSecret = adapter.webhooks ? randomToken(32) : null;
  const record: IntegrationRecord = {
    ...base,
    integrationType,
    username: input.credentials.username ?? null,
    secretLength: (input.credentials.authToken ?? input.credentials.refreshToken ?? '').length,
    sealed: await sealSecrets(base, { credentials: connection.credentials, webhookSecret: ourSecret }),
    webhookIds: [],
    automaticStageTransitions: integrationType === 'greenhouse' && input.automaticStageTransitions,
    createdAt: new Date().toISOString(),
    createdBy: input.userId,
    lastSync: null,
  };
  try {
    await putIntegration(record);
  } catch (error) {
    if (error instanceof IntegrationTypeTaken) throw alreadyAdded(integrationType);
    throw error;
  }
  if (adapter.webhooks && ourSecret) {
    // Without a webhook the 15-minute sync still brings tagged candidates in: a refusal is logged, not fatal.
    try {
      const registered = await adapter.webhooks.register(connection, await webhookUrl(integrationId), ourSecret);
      record.webhookIds = [...registered.webhookIds];
      record.sealed = await sealSecrets(base, { credentials: connection.credentials, webhookSecret: registered.secret });
      await setWebhooks(integrationId, record.webhookIds, record.sealed);
    } catch (error) {
      log.warn('ATS webhook not registered; the scheduled sync covers it', { integrationType, ...describeError(error) });
    }
  }
  log.info('integration added', { companyId: company.companyId, integrationId, integrationType, webhooks: record.webhookIds.length > 0 });
  return record;
};

/**
 * Adds a key-based integration (an owner route: `owner` is the handler chain's owner check, which
 * the company's integrations are read alongside; its membership names the owner and shows the
 * company exists). Lever connects through its consent page (lever.ts).
 */
export const addIntegration = async (
  input: {
    companyId: string;
    integrationType: IntegrationType;
    authToken: string;
    username?: string | null;
    automaticStageTransitions: boolean;
  },
  owner: PromiseLike<Membership>,
  log: Logger,
) => {
  const form = integrationForms[input.integrationType];
  const [membership, existing] = await alongside(Promise.resolve(owner), companyIntegrations(input.companyId));
  if (form.connect === 'oauth')
    throw badRequest(`${form.name} connects through its own consent page: use "Connect with ${form.name}".`, 'oauth_required');
  if (form.usernameLabel && !input.username) throw badRequest(`Enter the ${form.usernameLabel}.`, 'username_required');
  if (existing.some((record) => record.integrationType === input.integrationType)) throw alreadyAdded(input.integrationType);
  const credentials: AtsCredentials = form.usernameLabel ? { authToken: input.authToken, username: input.username! } : { authToken: input.authToken };
  const record = await connectIntegration(
    { companyId: input.companyId },
    { integrationType: input.integrationType, credentials, userId: membership.userId, automaticStageTransitions: input.automaticStageTransitions },
    log,
  );
  return integrationView(record);
};

/**
 * Stops both directions: the ATS's webhook is unregistered (best effort), then the integration and
 * its sealed secrets are deleted, with its `imports` (as getIntegrationWithImports read them).
 */
export const disconnectIntegration = async (record: IntegrationRecord, imports: readonly ImportKey[], log: Logger): Promise<boolean> => {
  const webhooks = atsAdapters[record.integrationType].webhooks;
  if (webhooks && record.webhookIds.length) {
    // The ATS may have revoked our access already; the delete goes on either way, and deliveries
    // that still arrive find no integration (404).
    try {
      const { connection } = await connectionOf(record);
      await webhooks.unregister(connection, record.webhookIds);
    } catch (error) {
      log.warn('ATS webhook not unregistered', { integrationId: record.integrationId, ...describeError(error) });
    }
  }
  const deleted = await deleteIntegrationRecord(record, imports);
  if (deleted)
    log.info('integration removed', { companyId: record.companyId, integrationId: record.integrationId, integrationType: record.integrationType });
  return deleted;
};

/**
 * Removes an integration (owner only; another company's is a 404). The integration and its imports
 * are read in one Query alongside the session check (`caller`, while it runs), the caller's
 * membership of its company once both are known; nothing is written before that check passed.
 */
export const removeIntegration = async (integrationId: string, caller: Caller, log: Logger) => {
  const { record, imports } = await getIntegrationWithImports(integrationId);
  if (!record) throw notFound('Integration not found.');
  const membership = await requireMembership(record.companyId, caller);
  if (membership.role !== 'owner') throw forbidden(OWNER_ONLY);
  if (!(await disconnectIntegration(record, imports, log))) throw notFound('Integration not found.');
};

/**
 * A company's integrations with their imports, for its deletion: the company's integrations (one
 * Query), then each one's partition, in parallel. Reads only, so they can run alongside the owner check.
 */
export const readCompanyIntegrations = async (companyId: string): Promise<IntegrationWithImports[]> =>
  Promise.all((await companyIntegrations(companyId)).map((record) => getIntegrationWithImports(record.integrationId)));

/**
 * Removes every integration of a company (its deletion), as readCompanyIntegrations read them, in
 * parallel; each is waited for before the first failure is thrown.
 */
export const disconnectCompanyIntegrations = async (integrations: readonly IntegrationWithImports[], log: Logger) => {
  const outcomes = await Promise.allSettled(
    integrations.map(({ record, imports }) => (record ? disconnectIntegration(record, imports, log) : false)),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
};
