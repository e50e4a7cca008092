import { describePlan, type PlanStatus } from '../../api/companies';
import { planName } from '../../../../lambdas/contracts/billing-catalog';

/** At or below this many credits the chip turns amber: time to buy more before inviting stops. */
export const LOW_CREDITS = 2;

const TicketIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" strokeLinejoin="round" />
    <path d="M14 6v12" strokeDasharray="2 2" />
  </svg>
);

/** What the chip says for a plan: the credits left while paying as you go, the plan while subscribed, nothing while complimentary. */
export const creditsChip = (plan: PlanStatus): { text: string; hidden: string; tone: 'normal' | 'low' | 'out' } | null => {
  switch (plan.subscriptionStatus) {
    case 'complimentary':
      // Unlimited and free: nothing to watch.
      return null;
    case 'subscribed':
      return plan.subscription ? { text: `${planName(plan.subscription.tier)} plan`, hidden: '', tone: 'normal' } : null;
    default: {
      const { remaining } = plan.candidatePacksStatus;
      if (remaining <= 0) return { text: 'No credits', hidden: ' left', tone: 'out' };
      return { text: `${remaining} ${remaining === 1 ? 'credit' : 'credits'}`, hidden: ' left', tone: remaining <= LOW_CREDITS ? 'low' : 'normal' };
    }
  }
};

/**
 * The company's interview credits in the top bar (issue 29), so they are seen before they run
 * out: "12 credits" (amber at two or fewer, red at none), or the plan's name while subscribed. Every
 * member sees it (the plan status is the company's, the server answers it to members); its hover
 * text is the spec's plan status in words.
 */
export const CreditsChip = ({ plan }: { plan: PlanStatus }) => {
  const chip = creditsChip(plan);
  if (!chip) return null;
  return (
    <span
      className={['credits-chip', chip.tone !== 'normal' && `credits-chip--${chip.tone}`].filter(Boolean).join(' ')}
      title={describePlan(plan)}
      data-testid="credits-chip"
    >
      <TicketIcon />
      <span>{chip.text}</span>
      {chip.hidden && <span className="visually-hidden">{chip.hidden}</span>}
    </span>
  );
};
