import { Alert, Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { integrationForms } from '../../../../../lambdas/contracts/integrations';
import type { IntegrationAttributes, IntegrationType } from '../../../api/integrations';
import { messages } from '../messages';
import { describeWriteBack } from '../write-back';

/**
 * The integration panel of a candidate who came from an ATS (spec §2): the vendor, "Open profile" to
 * the candidate's profile there when there is a link (a new tab, without access to this page), and
 * what happened to the result written back (a failure is an alert: it needs someone to look).
 */
const IntegrationPanel = ({ type, attributes }: { type: IntegrationType; attributes: IntegrationAttributes | null }) => {
  const { name } = integrationForms[type];
  const writeBack = attributes?.writeBack ?? null;
  const headingId = `integration-panel-${type}`;
  return (
    <Card variation="outlined" as="section" aria-labelledby={headingId}>
      <Flex direction="column" gap="xs">
        <Heading level={2} id={headingId} fontSize="var(--amplify-components-heading-5-font-size)">
          {name}
        </Heading>
        {attributes?.profileHref && (
          <>
            <Link href={attributes.profileHref} isExternal alignSelf="flex-start" aria-describedby={`${headingId}-profile`}>
              {messages.openProfile}
            </Link>
            <span id={`${headingId}-profile`} className="visually-hidden">
              {messages.openProfileHint(name)}
            </span>
          </>
        )}
        {writeBack &&
          (writeBack.status === 'failed' ? (
            <Alert variation="error" role="alert">
              {describeWriteBack(name, writeBack)}
            </Alert>
          ) : (
            <Text fontSize="small" role="status">
              {describeWriteBack(name, writeBack)}
            </Text>
          ))}
      </Flex>
    </Card>
  );
};
export default IntegrationPanel;
