import { Alert, Badge, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { resendWebhookDeliveryCall, useWebhookDeliveries, type WebhookDelivery } from '../../../api/webhooks';
import { LoadMore } from '../../../components/load-more';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime } from '../../../lib/format';
import { formatLatency, OUTCOME_BADGE } from '../webhooks';
import { webhooksMessages as messages } from '../webhooks-messages';

/**
 * One endpoint's delivery log (issue 38), newest first, read again every few seconds while shown:
 * each attempt's time, event, status code, latency, attempt number, the first bytes of the answer
 * and its outcome (with what went wrong and when the next attempt is due), and Resend. Each attempt
 * is a small card of facts, so the log reads on a phone as on a desk.
 */
export const WebhookDeliveries = ({ companyId, endpointId, headingId }: { companyId: string; endpointId: string; headingId: string }) => {
  const pages = useWebhookDeliveries(companyId, endpointId);
  const [resending, setResending] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [resendError, setResendError] = useState<string | null>(null);
  const deliveries = pages.data?.flatMap((page) => page.deliveries) ?? [];
  const hasMore = Boolean(pages.data?.[pages.data.length - 1]?.cursor);

  const resend = async (delivery: WebhookDelivery) => {
    if (resending) return;
    setResending(delivery.deliveryId);
    setResendError(null);
    setStatus('');
    try {
      await resendWebhookDeliveryCall(companyId, endpointId, delivery.deliveryId);
      setStatus(messages.resent);
      await pages.mutate();
    } catch (e) {
      setResendError(errorMessage(e, messages.resendFailed));
    } finally {
      setResending(null);
    }
  };

  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby={headingId}>
      <Flex justifyContent="space-between" alignItems="center" gap="small">
        <Heading level={6} id={headingId}>
          {messages.logHeading}
        </Heading>
        <Button
          size="small"
          variation="link"
          onClick={() => void pages.mutate()}
          isLoading={pages.isValidating && Boolean(pages.data)}
          loadingText="Refreshing..."
        >
          {messages.refresh}
        </Button>
      </Flex>
      <Text role="status" fontSize="small">
        {status}
      </Text>
      {resendError && <Alert variation="error">{resendError}</Alert>}
      {pages.error ? (
        <Alert variation="error">{messages.deliveriesFailed}</Alert>
      ) : !pages.data ? (
        <PageLoader />
      ) : deliveries.length === 0 ? (
        <Text color="font.secondary">{messages.logEmpty}</Text>
      ) : (
        <>
          <ul className="platform-list" aria-label={messages.logCaption}>
            {deliveries.map((delivery) => (
              <li key={delivery.deliveryId} className="platform-delivery" data-testid="webhook-delivery">
                <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
                  <Flex alignItems="center" gap="xs" wrap="wrap">
                    <time dateTime={delivery.at}>{formatDateTime(delivery.at)}</time>
                    <span className="platform-code">{delivery.eventType}</span>
                    <Badge size="small" variation={OUTCOME_BADGE[delivery.outcome]}>
                      {messages.outcomes[delivery.outcome]}
                    </Badge>
                  </Flex>
                  <Button
                    size="small"
                    variation="link"
                    onClick={() => void resend(delivery)}
                    isLoading={resending === delivery.deliveryId}
                    loadingText="Sending..."
                    aria-label={messages.resendLabel(delivery.eventType, delivery.at)}
                  >
                    {messages.resend}
                  </Button>
                </Flex>
                <dl className="platform-facts platform-facts--compact">
                  <div>
                    <dt>{messages.statusCode}</dt>
                    <dd>{delivery.statusCode ?? messages.noAnswer}</dd>
                  </div>
                  <div>
                    <dt>{messages.latency}</dt>
                    <dd>{formatLatency(delivery.latencyMs)}</dd>
                  </div>
                  <div>
                    <dt>{messages.attempt}</dt>
                    <dd>{delivery.attempt}</dd>
                  </div>
                  <div>
                    <dt>{messages.outcome}</dt>
                    <dd>
                      {messages.outcomes[delivery.outcome]}
                      {delivery.error && `: ${delivery.error}`}
                      {delivery.nextAttemptAt && ` (${messages.nextAttempt(delivery.nextAttemptAt)})`}
                    </dd>
                  </div>
                  <div className="platform-facts__wide">
                    <dt>{messages.response}</dt>
                    <dd>
                      <span className="platform-code">{delivery.responseExcerpt || messages.emptyResponse}</span>
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          {hasMore && <LoadMore pages={pages} />}
        </>
      )}
    </Flex>
  );
};
