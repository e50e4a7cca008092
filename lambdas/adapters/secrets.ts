import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { readEnv, type SecretVariable } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';

/**
 * Secrets from Secrets Manager, each read once per cold start (a failed read is retried on the
 * next call). The variable names the secret; the function's grant allows reading only that one.
 */
const client = new SecretsManagerClient(sdkClientSettings('secretsManager'));
const cache = new Map<string, Promise<string>>();

export const secretFromEnvironment = (variable: SecretVariable): Promise<string> => {
  let value = cache.get(variable);
  if (!value) {
    value = (async () => {
      const secretId = readEnv(variable)[variable];
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      if (!SecretString?.trim()) throw new Error(`The secret ${secretId} has no value: put it as the README says`);
      return SecretString.trim();
    })();
    value.catch(() => cache.delete(variable));
    cache.set(variable, value);
  }
  return value;
};
