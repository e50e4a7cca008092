import { atsAdapters, atsConnection, type AtsConnection, type AtsCredentials } from '../../adapters/ats';
import { seal, unseal } from '../../adapters/kms';
import { saveSealedCredentials, type IntegrationRecord } from '../../data/integrations/integration';

/**
 * An integration's secrets: the ATS credentials and the secret its webhook deliveries are signed
 * with, sealed together by KMS under an encryption context naming the integration and its company
 * (a sealed value copied onto another integration does not open). Only this module opens them.
 */
export interface IntegrationSecrets {
  credentials: AtsCredentials;
  webhookSecret: string | null;
}

const contextOf = (record: Pick<IntegrationRecord, 'integrationId' | 'companyId'>) => ({
  purpose: 'ats-credentials',
  integrationId: record.integrationId,
  companyId: record.companyId,
});

export const sealSecrets = (record: Pick<IntegrationRecord, 'integrationId' | 'companyId'>, secrets: IntegrationSecrets): Promise<string> =>
  seal(JSON.stringify(secrets), contextOf(record));

export const openSecrets = async (record: IntegrationRecord): Promise<IntegrationSecrets> =>
  JSON.parse(await unseal(record.sealed, contextOf(record))) as IntegrationSecrets;

/** A connection to the integration's ATS whose renewed credentials (an OAuth refresh) are sealed and stored before use. */
export const connectionOf = async (record: IntegrationRecord): Promise<{ connection: AtsConnection; secrets: IntegrationSecrets }> => {
  const secrets = await openSecrets(record);
  const connection = atsConnection(atsAdapters[record.integrationType], secrets.credentials, async (credentials) => {
    const sealed = await sealSecrets(record, { ...secrets, credentials });
    if (!(await saveSealedCredentials(record.integrationId, sealed))) throw new Error('The integration was removed');
    record.sealed = sealed;
    secrets.credentials = credentials;
  });
  return { connection, secrets };
};
