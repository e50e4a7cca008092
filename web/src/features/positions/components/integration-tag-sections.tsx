import { Alert, TextField } from '@aws-amplify/ui-react';
import { useCompany } from '../../../api/companies';
import { integrationForms, integrationTypes } from '../../../../../lambdas/contracts/integrations';
import { useIntegrations, type IntegrationTag } from '../../../api/integrations';
import { commonMessages } from '../../../config/messages';
import { tagOf, tagProblem, withTag } from '../integration-tags';
import { Section } from './settings-section';

/**
 * The Settings view's integration tag sections (spec §2, §6: they depend on the company's
 * integration types): one per integration the company has, titled with the vendor, asking for the
 * tag whose candidates the ATS hands to this position. An empty field is no tag. The integrations
 * are the list the Integrate tab changes, so an integration added there shows here at once.
 */
export const IntegrationTagSections = ({
  companyId,
  tags,
  onChange,
}: {
  companyId: string;
  tags: IntegrationTag[];
  onChange: (tags: IntegrationTag[]) => void;
}) => {
  const company = useCompany(companyId);
  const canIntegrate = (company.data?.config.integrationTypes.length ?? 0) > 0;
  const integrations = useIntegrations(canIntegrate ? companyId : null);
  if (!canIntegrate) return null;
  if (integrations.error) return <Alert variation="error">{commonMessages.retrieveIntegrationsFailed}</Alert>;
  const types = integrationTypes.filter((type) => integrations.data?.integrations.some((i) => i.integrationType === type));
  return (
    <>
      {types.map((type) => {
        const form = integrationForms[type];
        const value = tagOf(tags, type);
        const problem = tagProblem(value);
        return (
          <Section key={type} title={form.name}>
            <TextField
              label={form.tagLabel}
              descriptiveText={form.tagHint}
              value={value}
              hasError={problem !== null}
              errorMessage={problem ?? undefined}
              onChange={(e) => onChange(withTag(tags, type, e.target.value))}
            />
          </Section>
        );
      })}
    </>
  );
};
