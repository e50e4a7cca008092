import { Badge, Breadcrumbs, Button } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { CandidateDetail } from '../../../api/candidates';
import { PageTitle } from '../../../components/page-title';
import { knockoutText } from '../../../components/answers/answer-format';
import { paths } from '../../../config/paths';
import { ChevronLeft, ChevronRight } from './chevrons';
import { RetentionNote } from './retention-note';

type Status = CandidateDetail['currentStatus'];

const STATUS_BADGE: Record<Status, 'info' | 'success' | 'error' | undefined> = {
  invited: undefined,
  responded: 'info',
  shortlisted: 'success',
  rejected: 'error',
};

/**
 * The candidate page's top (spec §2): the breadcrumbs to the position, then who this is (name,
 * status, why a knockout option stopped them (issue 39), when their data is due for deletion) and moving between candidates: "Keyboard shortcuts",
 * "Next to review" and the Previous / Next pager (by completion time).
 */
export const CandidatePageHeader = ({
  candidate,
  companyId,
  positionId,
  evaluation,
  nextToReview,
  onGo,
  onShortcuts,
}: {
  candidate: CandidateDetail;
  companyId: string;
  positionId: string;
  /** Evaluation is on: the breadcrumb goes to the candidate's own tab. */
  evaluation: boolean;
  /** The oldest still to review, when it is another candidate. */
  nextToReview: string | null;
  onGo: (candidateId: string | null) => void;
  onShortcuts: () => void;
}) => (
  <>
    <Breadcrumbs.Container>
      <Breadcrumbs.Item>
        <Link to={paths.positions.to(companyId)}>Positions</Link>
        <Breadcrumbs.Separator />
      </Breadcrumbs.Item>
      <Breadcrumbs.Item>
        <Link to={paths.position.to(companyId, positionId, { view: 'candidates', tab: evaluation ? candidate.currentStatus : 'responded' })}>
          {candidate.jobTitle}
        </Link>
        <Breadcrumbs.Separator />
      </Breadcrumbs.Item>
      <Breadcrumbs.Item>
        <Breadcrumbs.Link isCurrent>{candidate.candidateName}</Breadcrumbs.Link>
      </Breadcrumbs.Item>
    </Breadcrumbs.Container>

    {/* The page's header: who this is, and moving between candidates (a pager apart from the answers' own navigation). */}
    <header className="candidate-page__header">
      <div className="candidate-page__identity">
        <PageTitle look={3} className="candidate-page__name">
          {candidate.candidateName}
        </PageTitle>
        <Badge variation={STATUS_BADGE[candidate.currentStatus]} size="small" className="candidate-page__status">
          {candidate.currentStatus}
        </Badge>
        {candidate.knockout && (
          // Why a knockout option flagged them, or ended their interview (issue 39): said in words, not only by the badge.
          <p className="candidate-page__knockout" data-testid="knockout">
            <Badge variation="warning" size="small">
              Knocked out
            </Badge>
            <span>
              {knockoutText(candidate.knockout)}
              {candidate.knockout.ended ? '. Interview ended.' : '.'}
            </span>
          </p>
        )}
        <RetentionNote companyId={companyId} deleteAfter={candidate.deleteAfter} />
      </div>
      <div className="candidate-page__header-actions">
        <Button size="small" variation="link" className="candidate-page__shortcuts-hint" aria-keyshortcuts="?" onClick={onShortcuts}>
          Keyboard shortcuts (?)
        </Button>
        {nextToReview && (
          <Button size="small" variation="primary" onClick={() => onGo(nextToReview)}>
            Next to review
          </Button>
        )}
        <nav className="candidate-pager" aria-label="Candidates">
          <button
            type="button"
            className="candidate-pager__button"
            aria-label="Previous candidate"
            aria-keyshortcuts="K"
            title="Previous candidate (newer response)"
            disabled={!candidate.navigation.previousCandidateId}
            onClick={() => onGo(candidate.navigation.previousCandidateId)}
          >
            <ChevronLeft />
            <span>Previous</span>
          </button>
          <button
            type="button"
            className="candidate-pager__button"
            aria-label="Next candidate"
            aria-keyshortcuts="J"
            title="Next candidate (older response)"
            disabled={!candidate.navigation.nextCandidateId}
            onClick={() => onGo(candidate.navigation.nextCandidateId)}
          >
            <span>Next</span>
            <ChevronRight />
          </button>
        </nav>
      </div>
    </header>
  </>
);
