import { Alert, Button, Card, Flex, Grid, Heading, Radio, RadioGroupField, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { currencies, packs, subscriptionPlans, YEARLY_MONTHS, type Currency, type Interval } from '../../../../lambdas/contracts/billing-catalog';
import { usePrices, type Price } from '../../api/billing';
import { errorMessage } from '../../api/client';
import type { PlanStatus } from '../../api/companies';
import { env } from '../../config/env';
import { commonMessages } from '../../config/messages';
import { formatMoney } from '../../lib/format';
import { storage } from '../../lib/storage';
import { PageLoader } from '../page-loader';
import { startCheckout } from './checkout';
import { billingMessages } from './messages';

const CURRENCY_KEY = 'billing_currency';
const FREE_MONTHS = 12 - YEARLY_MONTHS;

const isCurrency = (value: unknown): value is Currency => currencies.includes(value as Currency);

/**
 * The currency prices show in (spec §9: USD, GBP, EUR): the subscription's while there is one (Stripe
 * bills a customer in one currency), otherwise the one chosen last time (local storage), otherwise USD.
 */
const useCurrency = (subscriptionCurrency: Currency | undefined) => {
  const [chosen, setChosen] = useState<Currency | null>(null);
  const remembered = storage.get(CURRENCY_KEY);
  const currency = chosen ?? subscriptionCurrency ?? (isCurrency(remembered) ? remembered : 'usd');
  const choose = (value: string) => {
    if (!isCurrency(value)) return;
    storage.set(CURRENCY_KEY, value);
    setChosen(value);
  };
  return [currency, choose] as const;
};

type HeadingLevel = 4 | 5;

/** One option of the picker: a card with its name, facts, price and the button that starts its checkout. */
const OptionCard = ({
  title,
  headingLevel,
  lines,
  price,
  note,
  action,
}: {
  title: string;
  headingLevel: 5 | 6;
  lines: string[];
  price: string;
  note?: string;
  action: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Card as="section" variation="outlined" padding="medium" aria-labelledby={headingId}>
      <Flex direction="column" gap="xs" height="100%">
        <Heading level={headingLevel} id={headingId}>
          {title}
        </Heading>
        {lines.map((line) => (
          <Text key={line} fontSize="small" color="font.secondary">
            {line}
          </Text>
        ))}
        <Text fontSize="large" fontWeight="bold">
          {price}
        </Text>
        {note && (
          <Text fontSize="small" color="font.success">
            {note}
          </Text>
        )}
        <Flex flex="1" alignItems="flex-end">
          {action}
        </Flex>
      </Flex>
    </Card>
  );
};

/**
 * What a company can buy (spec §2 Billing tab and plan selection, §9): a currency, the candidate packs
 * with their price per candidate and in total, and the subscriptions (monthly or yearly, yearly
 * being two months free), each with a button that starts its Stripe Checkout. Names, sizes and
 * per-candidate prices come from the catalogue; what is on sale, and each option's Stripe price, from
 * the server (an option it does not return is not shown). While the company has a subscription (or
 * a complimentary plan), the subscriptions are shown without buttons: plans change in the billing
 * portal. The Billing tab and the plan selection dialog both show this one component.
 */
export const PlanPicker = ({ companyId, plan, headingLevel = 5 }: { companyId: string; plan: PlanStatus; headingLevel?: HeadingLevel }) => {
  const location = useLocation();
  const prices = usePrices();
  const [currency, setCurrency] = useCurrency(plan.subscription?.currency);
  const [interval, setInterval] = useState<Interval>('month');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const packsId = useId();
  const subscriptionsId = useId();

  if (prices.error) return <Alert variation="error">{commonMessages.retrieveBillingFailed}</Alert>;
  if (!prices.data) return <PageLoader />;

  const onSale = prices.data.prices.filter((price) => price.currency === currency);
  const packPrice = (candidates: number) => onSale.find((price) => price.kind === 'pack' && price.candidates === candidates);
  const planPrice = (tier: string) => onSale.find((price) => price.kind === 'subscription' && price.tier === tier && price.interval === interval);
  const money = (amount: number) => formatMoney(amount, currency);
  const hasPlan = plan.subscriptionStatus !== 'not_subscribed';

  const buy = async (price: Price) => {
    setBusy(price.priceId);
    setError(null);
    try {
      await startCheckout({ companyId, priceId: price.priceId, returnPath: `${location.pathname}${location.search}` });
      // The browser is on its way to the payment page: the button stays busy until it leaves.
    } catch (e) {
      setError(errorMessage(e, billingMessages.checkoutFailed));
      setBusy(null);
    }
  };
  const buyButton = (price: Price, label: string) => (
    <Button
      variation="primary"
      size="small"
      isFullWidth
      isLoading={busy === price.priceId}
      loadingText="Opening checkout..."
      isDisabled={busy !== null && busy !== price.priceId}
      onClick={() => void buy(price)}
    >
      {label}
    </Button>
  );

  const packOptions = packs.flatMap((pack) => {
    const price = packPrice(pack.candidates);
    return price ? [{ pack, price }] : [];
  });
  const planOptions = subscriptionPlans.flatMap((option) => {
    const price = planPrice(option.tier);
    return price ? [{ option, price }] : [];
  });
  const anyPlanOnSale = prices.data.prices.some((price) => price.kind === 'subscription' && price.currency === currency);
  const columns = { base: '1fr', medium: 'repeat(3, 1fr)' };

  return (
    <Flex direction="column" gap="large">
      <RadioGroupField legend="Currency" name="currency" direction="row" value={currency} onChange={(e) => setCurrency(e.target.value)}>
        {currencies.map((code) => (
          <Radio key={code} value={code}>
            {code.toUpperCase()}
          </Radio>
        ))}
      </RadioGroupField>
      {error && (
        <Alert variation="error" role="alert">
          {error}
        </Alert>
      )}
      {packOptions.length === 0 && planOptions.length === 0 && !anyPlanOnSale && <Alert variation="info">{billingMessages.nothingOnSale}</Alert>}

      {packOptions.length > 0 && (
        <Flex as="section" direction="column" gap="small" aria-labelledby={packsId}>
          <Heading level={headingLevel} id={packsId}>
            Pay as you go
          </Heading>
          <Text fontSize="small">Candidate packs: one interview credit for each candidate you invite.</Text>
          <Grid templateColumns={columns} gap="small">
            {packOptions.map(({ pack, price }) => (
              <OptionCard
                key={pack.candidates}
                title={`${pack.candidates} candidates`}
                headingLevel={(headingLevel + 1) as 5 | 6}
                lines={[`${money(pack.perCandidate[currency])} per candidate`]}
                price={`${money(price.unitAmount)} in total`}
                action={buyButton(price, `Buy ${pack.candidates} candidates`)}
              />
            ))}
          </Grid>
        </Flex>
      )}

      {anyPlanOnSale && (
        <Flex as="section" direction="column" gap="small" aria-labelledby={subscriptionsId}>
          <Heading level={headingLevel} id={subscriptionsId}>
            Subscriptions
          </Heading>
          <Text fontSize="small">Unlimited candidates for a fixed price. Monthly plans can be cancelled any time.</Text>
          <Flex alignItems="center" gap="small" wrap="wrap">
            <ToggleButtonGroup
              value={interval}
              isExclusive
              isSelectionRequired
              size="small"
              onChange={(value) => setInterval(value === 'year' ? 'year' : 'month')}
              aria-label="Billing period"
            >
              <ToggleButton value="month">Monthly</ToggleButton>
              <ToggleButton value="year">Yearly</ToggleButton>
            </ToggleButtonGroup>
            <Text fontSize="small" color="font.success">
              Yearly billing: {FREE_MONTHS} months free
            </Text>
          </Flex>
          {hasPlan && (
            <Alert variation="info">
              {plan.subscriptionStatus === 'complimentary' ? billingMessages.complimentary : billingMessages.changeInPortal}
            </Alert>
          )}
          <Grid templateColumns={columns} gap="small">
            {planOptions.map(({ option, price }) => (
              <OptionCard
                key={option.tier}
                title={option.name}
                headingLevel={(headingLevel + 1) as 5 | 6}
                lines={[option.companySize, 'Unlimited candidates']}
                price={`${money(price.unitAmount)} / ${interval === 'year' ? 'year' : 'month'}`}
                note={
                  interval === 'year' ? `${FREE_MONTHS} months free: you save ${money(option.monthly[currency] * 12 - price.unitAmount)}` : undefined
                }
                action={hasPlan ? null : buyButton(price, `Subscribe to ${option.name}`)}
              />
            ))}
          </Grid>
        </Flex>
      )}
      <Text fontSize="small" color="font.secondary">
        More than 500 employees? <a href={env.helpCenterUrl}>Contact us</a> for a plan that fits.
      </Text>
    </Flex>
  );
};
