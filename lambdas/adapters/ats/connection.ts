import { endpointFromEnv } from '../../platform/env';
import { secretFromEnvironment } from '../secrets';
import { atsEndpointVariable, type AtsAdapter, type AtsConnection, type AtsCredentials, type AtsEndpointName, type OAuthClient } from './adapter';

/** A type's endpoint: the environment's, or the vendor's own. */
export const atsEndpoint = (adapter: AtsAdapter, name: AtsEndpointName): string => {
  const url = endpointFromEnv(atsEndpointVariable(adapter.type, name)) ?? adapter.endpoints[name];
  if (!url) throw new Error(`${adapter.type} has no ${name} endpoint`);
  return url.replace(/\/+$/, '');
};

/**
 * The product's OAuth client at Lever, from Secrets Manager (grant ats:api: LEVER_OAUTH_CLIENT_SECRET_ID),
 * a JSON `{"clientId": …, "clientSecret": …}` the operator puts (README).
 */
export const leverOAuthClient = async (): Promise<OAuthClient> => {
  const value = await secretFromEnvironment('LEVER_OAUTH_CLIENT_SECRET_ID');
  let parsed: Partial<OAuthClient>;
  try {
    parsed = JSON.parse(value) as Partial<OAuthClient>;
  } catch {
    throw new Error('The Lever OAuth client secret must be JSON {"clientId": …, "clientSecret": …}');
  }
  if (!parsed.clientId || !parsed.clientSecret) throw new Error('The Lever OAuth client secret needs clientId and clientSecret');
  return { clientId: parsed.clientId, clientSecret: parsed.clientSecret };
};

/**
 * A connection to one integration's ATS. `save` stores credentials an adapter renewed; the
 * connection then carries them.
 */
export const atsConnection = (
  adapter: AtsAdapter,
  credentials: AtsCredentials,
  save: (credentials: AtsCredentials) => Promise<void> = async () => undefined,
): AtsConnection => {
  const connection = {
    credentials,
    async saveCredentials(next: AtsCredentials) {
      await save(next);
      connection.credentials = next;
    },
    endpoint: (name: AtsEndpointName) => atsEndpoint(adapter, name),
    oauthClient: () => (adapter.type === 'lever' ? leverOAuthClient() : Promise.reject(new Error(`${adapter.type} has no OAuth client`))),
  };
  return connection;
};
