import { Alert, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useCheckoutStatus } from '../../../api/billing';
import { apiPath, errorMessage } from '../../../api/client';
import { PageTitle } from '../../../components/page-title';
import { commonMessages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { checkoutReturns } from '../../../lib/checkout-returns';
import { globalAlert } from '../../../lib/global-alert';
import { messages } from '../messages';

/**
 * Where Stripe sends the browser back after paying (spec §2 `/companies/{companyId}/confirm-checkout`):
 * "Confirming payment..." while the checkout's status is asked every 5 seconds, until the payment's
 * effect is applied (completed) or the checkout expired. Then the result is stored as the global
 * alert and the page is replaced by the one the checkout started from (or the company's home), with
 * the plan status fetched afresh.
 */
const ConfirmCheckoutScreen = () => {
  const { companyId = '' } = useParams();
  const [params] = useSearchParams();
  const reference = params.get('frontendReferenceId');
  const status = useCheckoutStatus(reference);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const outcome = status.data?.checkoutSessionStatus;
  // Read once: the entry is removed once the checkout is final.
  const back = useMemo(() => (reference && checkoutReturns.path(reference)) || paths.company.to(companyId), [reference, companyId]);

  useEffect(() => {
    if (!reference || (outcome !== 'completed' && outcome !== 'expired')) return;
    globalAlert.set(
      outcome === 'completed' ? { message: messages.confirmed, severity: 'success' } : { message: messages.expired, severity: 'error' },
    );
    checkoutReturns.remove(reference);
    void mutate(apiPath('getPlanStatus', { companyId }));
    navigate(back, { replace: true });
  }, [reference, outcome, back, companyId, mutate, navigate]);

  const failure = !reference ? messages.noReference : status.error ? errorMessage(status.error, commonMessages.retrieveBillingFailed) : null;
  if (failure) {
    return (
      <main className="app-main app-main--narrow">
        <Flex direction="column" gap="medium">
          <PageTitle visuallyHidden>Confirming payment</PageTitle>
          <Alert variation="error">{failure}</Alert>
          <Link to={back}>Back to the app</Link>
        </Flex>
      </main>
    );
  }
  return (
    <main className="app-main app-main--narrow">
      <Flex direction="column" alignItems="center" gap="large" paddingTop="xxl">
        <PageTitle look={4}>{messages.confirming}</PageTitle>
        <Loader size="large" ariaLabel="Waiting for the payment to be confirmed" />
        <Text role="status" textAlign="center">
          This takes a few seconds. You will be taken back once your payment has been confirmed.
        </Text>
      </Flex>
    </main>
  );
};
export default ConfirmCheckoutScreen;
