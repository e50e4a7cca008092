import { Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { checkSsoDomainCall, deleteSsoDomainCall, type SsoDomainRecord } from '../sso-api';
import { ssoMessages as messages } from '../sso-messages';
import { SetupValue } from './sso-setup-facts';

/**
 * One domain in the Sign-in tab: Pending or Proven. A pending one shows the TXT record to add (name
 * and value, each with Copy) and "Check now", whose refusal (what the look-up found) shows beside
 * it; Remove asks first.
 */
export const SsoDomainItem = ({
  companyId,
  record,
  onChanged,
  onRemoved,
}: {
  companyId: string;
  record: SsoDomainRecord;
  onChanged: (record: SsoDomainRecord) => Promise<void>;
  onRemoved: (record: SsoDomainRecord) => Promise<void>;
}) => {
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const removal = useConfirmedAction(
    () => deleteSsoDomainCall(companyId, record.domain),
    messages.removeDomainFailed,
    () => onRemoved(record),
  );
  const headingId = `sso-domain-${record.domain}`;
  const checkErrorId = `${headingId}-check-error`;
  const proven = record.status === 'proven';

  const check = async () => {
    setChecking(true);
    setCheckError(null);
    try {
      await onChanged(await checkSsoDomainCall(companyId, record.domain));
    } catch (e) {
      setCheckError(errorMessage(e, messages.checkFailed));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card as="li" variation="outlined" aria-labelledby={headingId}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Flex alignItems="center" gap="xs" wrap="wrap">
            <Heading level={5} id={headingId}>
              {record.domain}
            </Heading>
            <Badge size="small" variation={proven ? 'success' : 'warning'}>
              {messages.statuses[record.status]}
            </Badge>
          </Flex>
          <Button
            size="small"
            variation="link"
            colorTheme="error"
            aria-label={messages.removeDomainLabel(record.domain)}
            onClick={removal.ask}
          >
            {messages.remove}
          </Button>
        </Flex>
        {proven ? (
          record.provenAt && (
            <Text fontSize="small" color="font.secondary">
              {messages.provenAt} <time dateTime={record.provenAt}>{formatDateTime(record.provenAt)}</time>
            </Text>
          )
        ) : (
          <>
            <Text fontSize="small">{messages.txtExplained}</Text>
            <dl className="sso-setup__values">
              <SetupValue label={messages.txtName} value={record.txtName} copyLabel={messages.copyName} />
              <SetupValue label={messages.txtValue} value={record.txtValue} copyLabel={messages.copyValue} />
            </dl>
            <Flex alignItems="center" gap="small" wrap="wrap">
              <Button
                size="small"
                onClick={() => void check()}
                isLoading={checking}
                loadingText={messages.checking}
                aria-describedby={checkError ? checkErrorId : undefined}
              >
                {messages.checkNow}
              </Button>
              {checkError && (
                <Text id={checkErrorId} role="alert" fontSize="small" color="font.error">
                  {checkError}
                </Text>
              )}
            </Flex>
          </>
        )}
      </Flex>
      {removal.confirming && (
        <ConfirmDialog
          title={messages.removeDomainTitle(record.domain)}
          open
          tone="danger"
          confirmLabel={messages.removeDomainConfirm}
          busyLabel={messages.removing}
          onConfirm={removal.confirm}
          onCancel={removal.cancel}
        >
          <Text>{messages.removeDomainExplained}</Text>
          {removal.error && (
            <Text role="alert" color="font.error">
              {removal.error}
            </Text>
          )}
        </ConfirmDialog>
      )}
    </Card>
  );
};
