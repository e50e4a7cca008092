import { CreateSecretCommand, DeleteSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { readEnv, type SecretVariable } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';

/**
 * Secrets from Secrets Manager, each read once per cold start (a failed read is retried on the
 * next call). The variable names the secret; the function's grant allows reading only that one.
 */
const client = new SecretsManagerClient(sdkClientSettings('secretsManager'));
const cache = new Map<string, Promise<string>>();

/** A secret's value by its name or ARN, read once per warm function (a failed read is retried on the next call). */
export const secretByName = (name: string): Promise<string> => {
  let value = cache.get(name);
  if (!value) {
    value = client.send(new GetSecretValueCommand({ SecretId: name })).then(({ SecretString }) => {
      if (!SecretString) throw new Error(`The secret ${name} has no value`);
      return SecretString;
    });
    value.catch(() => cache.delete(name));
    cache.set(name, value);
  }
  return value;
};

/** The secret a variable names (its grant allows reading only that one), trimmed. */
export const secretFromEnvironment = async (variable: SecretVariable): Promise<string> => {
  const secretId = readEnv(variable)[variable];
  const value = (await secretByName(secretId)).trim();
  if (!value) {
    cache.delete(secretId); // read again on the next call, once someone has put it
    throw new Error(`The secret ${secretId} has no value: put it as the README says`);
  }
  return value;
};

/**
 * The single sign-on providers' client secrets (issue 42), one per OIDC provider, by name under the
 * stage's prefix (SSO_SECRET_PREFIX; the grants allow nothing outside it); read through secretByName.
 */
const ssoSecretName = (companyId: string, providerId: string) => `${readEnv('SSO_SECRET_PREFIX').SSO_SECRET_PREFIX}${companyId}/${providerId}`;

export const createSsoClientSecret = async (companyId: string, providerId: string, value: string): Promise<string> => {
  const name = ssoSecretName(companyId, providerId);
  await client.send(
    new CreateSecretCommand({ Name: name, SecretString: value, Description: 'OIDC client secret of a single sign-on provider', Tags: [{ Key: 'company', Value: companyId }] }),
  );
  return name;
};

export const deleteSsoClientSecret = async (name: string): Promise<void> => {
  cache.delete(name);
  try {
    await client.send(new DeleteSecretCommand({ SecretId: name, ForceDeleteWithoutRecovery: true }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
};
