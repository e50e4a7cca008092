import { Alert, Button, Tabs } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCompany } from '../../../api/companies';
import { usePositionPages, usePositionsExist, type PositionSummary } from '../../../api/positions';
import { LoadMore } from '../../../components/load-more';
import { PositionCardsSkeleton } from '../../../components/skeleton';
import { paths } from '../../../config/paths';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/format';
import { type PositionStatus } from '../../../../../lambdas/contracts/vocabulary';
import { tabCount, visibleTabs } from '../tab-counts';
import { CopyApplyLinkButton } from './apply-link-button';
import { QuickInvite, type InviteTarget } from './quick-invite';
import './positions-screen.css';

type Tab = PositionStatus;

const POSITIONS_FAILED = 'Unable to retrieve positions at this time. Please contact us.';
const emptyTab: Record<Tab, { title: string; text: string }> = {
  open: { title: 'Open positions', text: 'Interviews are ongoing' },
  closed: { title: 'Closed positions', text: 'Interviews have concluded' },
};

/**
 * A position's card (spec §2, issue 29): the title is a link stretched over the card; under it when
 * the position was created and when its latest response came; "N new to review" stands out while
 * responses wait for a first look; the count chips of spec §2 (invited and responded, and
 * shortlisted and rejected with evaluation), zero counts included, each a link to its tab and
 * counting what that tab holds; "Awaiting candidates to be invited" beside them while the position
 * has no candidate. An open position's card has quick actions above the stretched link: Invite and
 * Copy apply link.
 */
const PositionCard = ({
  companyId,
  position,
  evaluation,
  onInvite,
  onChanged,
}: {
  companyId: string;
  position: PositionSummary;
  evaluation: boolean;
  onInvite: () => void;
  onChanged: () => void;
}) => {
  const total = Object.values(position.candidates).reduce((sum, n) => sum + n, 0);
  const titleId = `position-${position.positionId}-title`;
  const open = position.currentStatus === 'open';
  return (
    <article className="position-card" aria-labelledby={titleId}>
      <div className="position-card__head">
        <h2 className="position-card__title" id={titleId}>
          <Link className="position-card__link" to={paths.position.to(companyId, position.positionId)}>
            {position.jobTitle}
          </Link>
        </h2>
        {open && (
          <div className="position-card__actions">
            <Button size="small" onClick={onInvite}>
              Invite
            </Button>
            <CopyApplyLinkButton positionId={position.positionId} applyLink={position.applyLink} onCreated={onChanged} />
          </div>
        )}
      </div>
      <p className="position-card__meta">
        <span>
          Created <time dateTime={position.createdAt}>{formatDate(position.createdAt)}</time>
        </span>
        <span aria-hidden="true" className="position-card__dot">
          ·
        </span>
        {position.lastResponseAt ? (
          <span>
            Last response <time dateTime={position.lastResponseAt}>{formatDate(position.lastResponseAt)}</time>
          </span>
        ) : (
          <span>No responses yet</span>
        )}
      </p>
      <div className="position-card__counts">
        {position.newToReview > 0 && (
          <Link className="position-card__chip position-card__chip--new" to={paths.position.to(companyId, position.positionId, { tab: 'responded' })}>
            <span className="position-card__pulse" aria-hidden="true" />
            {position.newToReview} new to review
          </Link>
        )}
        {visibleTabs(evaluation).map((status) => (
          <Link key={status} className="position-card__chip" to={paths.position.to(companyId, position.positionId, { tab: status })}>
            <strong>{tabCount(position.candidates, status, evaluation)}</strong> {status}
          </Link>
        ))}
        {total === 0 && <span className="position-card__awaiting">Awaiting candidates to be invited</span>}
      </div>
    </article>
  );
};

const wizardHref = (companyId: string) => paths.newPositionWizard.to(companyId, { title: 'Create a position', cancellable: true });

const STEPS = [
  { title: 'Create a position', text: 'Name the role and record or type the questions every candidate answers.' },
  { title: 'Invite candidates', text: 'Send invitations by e-mail, or share the position’s apply link anywhere.' },
  { title: 'Review the answers', text: 'Watch the videos when it suits you, rate them and shortlist the best.' },
] as const;

/** Shown when the company has no positions at all: the "Create a position" illustration and how hiring goes from there. */
const CreatePositionIllustration = ({ companyId }: { companyId: string }) => {
  const navigate = useNavigate();
  return (
    <section className="positions-empty" aria-labelledby="positions-empty-title">
      <svg className="positions-empty__art" width="160" height="110" viewBox="0 0 160 110" role="img" aria-label="Create a position">
        <rect
          x="10"
          y="20"
          width="110"
          height="76"
          rx="10"
          fill="var(--amplify-colors-primary-10)"
          stroke="var(--amplify-colors-primary-80)"
          strokeWidth="3"
        />
        <path d="M120 48l30-18v56l-30-18z" fill="var(--amplify-colors-primary-80)" />
        <circle cx="65" cy="58" r="18" fill="var(--amplify-colors-primary-40)" />
        <path d="M65 49v18M56 58h18" stroke="white" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h2 className="positions-empty__title" id="positions-empty-title">
        Hire with video interviews in three steps
      </h2>
      <ol className="positions-empty__steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="positions-empty__step">
            <span className="positions-empty__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="positions-empty__step-title">{step.title}</span>
            <span className="positions-empty__step-text">{step.text}</span>
          </li>
        ))}
      </ol>
      <Button variation="primary" size="large" onClick={() => navigate(wizardHref(companyId))}>
        Create a position
      </Button>
    </section>
  );
};

const PositionList = ({ companyId, tab }: { companyId: string; tab: Tab }) => {
  const pages = usePositionPages(companyId, tab);
  const company = useCompany(companyId);
  const [inviting, setInviting] = useState<{ target: InviteTarget; key: number } | null>(null);
  const positions = pages.data?.flatMap((page) => page.positions);
  const hasMore = Boolean(pages.data?.[pages.data.length - 1]?.cursor);
  // Only when this tab is empty: does the other tab have any (else: no positions at all)?
  const other = usePositionsExist(companyId, tab === 'open' ? 'closed' : 'open', positions?.length === 0);
  if (pages.error) return <Alert variation="error">{POSITIONS_FAILED}</Alert>;
  if (!positions || (positions.length === 0 && !other.data && !other.error)) return <PositionCardsSkeleton />;
  if (positions.length === 0 && other.data?.positions.length === 0) return <CreatePositionIllustration companyId={companyId} />;
  if (positions.length === 0) {
    return (
      <div className="positions-empty-tab">
        <h2 className="positions-empty-tab__title">{emptyTab[tab].title}</h2>
        <p className="positions-empty-tab__text">{emptyTab[tab].text}</p>
      </div>
    );
  }
  const refresh = () => void pages.mutate();
  return (
    <div className="position-cards">
      {positions.map((position) => (
        <PositionCard
          key={position.positionId}
          companyId={companyId}
          position={position}
          evaluation={company.data?.config.isEvaluationEnabled ?? true}
          onInvite={() => setInviting({ target: { positionId: position.positionId, pacing: position.pacing }, key: Date.now() })}
          onChanged={refresh}
        />
      ))}
      {hasMore && <LoadMore pages={pages} />}
      {inviting && (
        <QuickInvite key={inviting.key} companyId={companyId} target={inviting.target} onDone={() => setInviting(null)} onInvited={refresh} />
      )}
    </div>
  );
};

/** The positions list with Open and Closed tabs (spec §2), the tab kept in the `tab` query. */
const PositionsScreen = () => {
  const { companyId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: Tab = params.get('tab') === 'closed' ? 'closed' : 'open';
  return (
    <main className="app-main">
      <div className="positions-screen">
        <div className="positions-screen__header">
          <PageTitle>Positions</PageTitle>
          <Button variation="primary" onClick={() => navigate(wizardHref(companyId!))}>
            Add position
          </Button>
        </div>
        <Tabs
          value={tab}
          onValueChange={(value) => setParams(value === 'closed' ? { tab: 'closed' } : {}, { replace: true })}
          items={[
            // Only the visible tab's list is mounted: one query per shown page.
            { label: 'Open', value: 'open', content: tab === 'open' ? <PositionList companyId={companyId!} tab="open" /> : null },
            { label: 'Closed', value: 'closed', content: tab === 'closed' ? <PositionList companyId={companyId!} tab="closed" /> : null },
          ]}
        />
      </div>
    </main>
  );
};
export default PositionsScreen;
