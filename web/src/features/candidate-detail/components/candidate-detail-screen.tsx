import { Alert, Badge, Button, Card, Flex } from '@aws-amplify/ui-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  evaluateCandidate,
  newViewId,
  rateAnswer,
  useCandidate,
  useTranscripts,
  type CandidateDetail,
  type EvaluationAction,
} from '../../../api/candidates';
import { ApiError } from '../../../api/client';
import { recordAnswerPlay } from '../../../api/audit';
import { putPreferencesCall, useCompany, useMe, useOwnershipStatus } from '../../../api/companies';
import { usePosition, useRefreshPosition } from '../../../api/positions';
import { CandidatePageSkeleton } from '../../../components/skeleton';
import { Snackbar, type Notice } from '../../../components/snackbar';
import { commonMessages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { openCompanySettings } from '../../../lib/company-settings';
import { EVALUATION_ACTIONS } from '../../../lib/evaluation';
import { messages } from '../messages';
import { AnswerPanel } from './answer-panel';
import { ExportVideos } from './export-videos';
import { MailDeliveryNotice } from './mail-delivery-notice';
import { ShareDialog } from './share-dialog';
import { TimingPanel, TimingRequestNotice } from './timing-panel';
import { CommentsPanel } from './comments-panel';
import { ScorecardPanel } from './scorecard-panel';
import { PageTitle } from '../../../components/page-title';
import { CandidatePageHeader } from './candidate-page-header';
import { SummariesBar } from './summaries-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { evaluationAnnouncement, type ReviewAction } from '../review-shortcuts';
import { COMMENT_INPUT_ID, ReviewShortcuts } from '../use-review-shortcuts';
import './candidate-detail.css';

type Status = CandidateDetail['currentStatus'];

// Only candidates who came from an ATS show it, and the vendors' names come with the integration
// contract's schemas (zod): its own chunk, loaded when needed.
const IntegrationPanel = lazy(() => import('./integration-panel'));

/**
 * Candidate detail (spec §2): Previous / Next among the answered by completion time, "Next to
 * review", the candidate card with evaluation and sharing, and one answer at a time with its
 * player, rating and transcript. Status and rating changes are optimistic and reverted on failure.
 */
const CandidateDetail = ({ companyId, positionId, candidateId }: { companyId: string; positionId: string; candidateId: string }) => {
  const navigate = useNavigate();
  // When this page last sent the invitation mail (a fixed address): the candidate is re-read until SES reports on it.
  const [mailSentAt, setMailSentAt] = useState<number | null>(null);
  // This opening of the page (it is mounted anew for each candidate): its reads record one view (issue 43).
  const [viewId] = useState(newViewId);
  const candidate = useCandidate(candidateId, viewId, mailSentAt);
  const transcripts = useTranscripts(candidateId);
  const company = useCompany(companyId);
  const ownership = useOwnershipStatus(companyId);
  // Its pacing, for what the candidate's timing gives them.
  const position = usePosition(positionId);
  const refreshPosition = useRefreshPosition();
  const [answerIndex, setAnswerIndex] = useState(0);
  // `?answer=…&at=…` (a search result, a comment's pin, a mention's mail): that answer, its player at that second.
  const [searchParams] = useSearchParams();
  // `play`: a summary's "Check the answer" (issue 41) also plays it from there.
  const [seek, setSeek] = useState<{ answerId: string; seconds: number; play?: boolean } | null>(null);
  const [sharing, setSharing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  // The "Keyboard shortcuts" dialog (open when set; whether the comment composer is on the page), and
  // what the last shortcut did, for screen readers.
  const [shortcuts, setShortcuts] = useState<{ comments: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const video = useRef<HTMLMediaElement>(null);
  // The answers played in this page view: the first play of each goes into the company's audit log (issue 28).
  const playedAnswers = useRef(new Set<string>());
  const played = useCallback((answerId: string) => {
    if (playedAnswers.current.has(answerId)) return;
    playedAnswers.current.add(answerId);
    void recordAnswerPlay(answerId);
  }, []);
  const clearNotice = useCallback(() => setNotice(null), []);
  const linkedAnswer = searchParams.get('answer');
  const linkedAt = Number(searchParams.get('at') ?? 0);
  // A new link (the address changed) becomes the seek: adjusted while rendering, not in an effect.
  const link = linkedAnswer ? `${linkedAnswer}@${linkedAt}` : null;
  const [seenLink, setSeenLink] = useState<string | null>(null);
  if (link !== seenLink) {
    setSeenLink(link);
    if (linkedAnswer) setSeek({ answerId: linkedAnswer, seconds: Number.isFinite(linkedAt) && linkedAt > 0 ? linkedAt : 0 });
  }
  const sortedAnswers = candidate.data ? [...candidate.data.answers].sort((a, b) => a.questionIndex - b.questionIndex) : [];
  const seekIndex = seek ? sortedAnswers.findIndex((a) => a.answerId === seek.answerId) : -1;
  // Each seek opens its answer once, when the answers are known (then the reviewer may move on).
  const [openedFor, setOpenedFor] = useState<typeof seek>(null);
  if (seek && seek !== openedFor && seekIndex >= 0) {
    setOpenedFor(seek);
    setAnswerIndex(seekIndex);
  }
  // Once that answer's player is on the page: to the second asked for (after its metadata, so the time holds).
  useEffect(() => {
    const element = video.current;
    if (!seek || seekIndex < 0 || seekIndex !== answerIndex || !element) return;
    const apply = () => {
      element.currentTime = seek.seconds;
      if (seek.play) void element.play().catch(() => undefined);
      setSeek(null);
    };
    if (element.readyState >= 1) apply();
    else element.addEventListener('loadedmetadata', apply, { once: true });
    return () => element.removeEventListener('loadedmetadata', apply);
  }, [seek, seekIndex, answerIndex]);
  /** Opens an answer at a moment (a comment's pin): the same as following its link. */
  const openAnswerAt = useCallback((answerId: string, seconds: number) => setSeek({ answerId, seconds }), []);
  /** A summary point's or overview line's "Check the answer" (issue 41): that answer, its player from the cited second, playing. */
  const checkAnswerAt = useCallback((answerId: string, seconds: number) => setSeek({ answerId, seconds, play: true }), []);
  // The reviewer's own "Hide summaries" (issue 41), saved with their preferences.
  const me = useMe();
  const hideSummaries = me.data?.preferences.hideSummaries ?? false;

  if (candidate.error) {
    return (
      <main className="app-main">
        <PageTitle visuallyHidden>Candidate</PageTitle>
        <Alert variation="error">
          {candidate.error instanceof ApiError && candidate.error.status === 404
            ? 'This candidate does not exist or you have no access to them.'
            : commonMessages.retrieveDataFailed}
        </Alert>
      </main>
    );
  }
  if (!candidate.data) return <CandidatePageSkeleton />;
  const c = candidate.data;
  const config = company.data?.config;
  const evaluation = config?.isEvaluationEnabled ?? true;
  const rating = config?.isRatingEnabled ?? true;
  const answers = sortedAnswers;
  const index = Math.min(answerIndex, Math.max(answers.length - 1, 0));
  const answer = answers[index];
  const transcript = transcripts.data?.answerTranscripts.find((t) => t.answerId === answer?.answerId);
  const candidateTo = (id: string) => paths.candidate.to(companyId, positionId, id);
  const hasSummaries = c.summaryOverview !== null || answers.some((a) => a.summary !== null);

  /** "Hide summaries" on or off: shown at once, saved, and put back with a message when it cannot be. */
  const setHideSummaries = async (hidden: boolean) => {
    if (!me.data) return;
    const before = me.data;
    await me.mutate({ ...before, preferences: { ...before.preferences, hideSummaries: hidden } }, { revalidate: false });
    try {
      const saved = await putPreferencesCall({ ...before.preferences, hideSummaries: hidden });
      await me.mutate({ ...before, preferences: saved }, { revalidate: false });
    } catch {
      await me.mutate(before, { revalidate: false });
      setNotice({ message: messages.preferenceFailed, variation: 'error' });
    }
  };

  /** Whether it was saved. */
  const evaluate = async (action: EvaluationAction, to: Status) => {
    setPending(true);
    const before = c;
    await candidate.mutate({ ...c, currentStatus: to }, { revalidate: false });
    try {
      await evaluateCandidate(c.candidateId, action);
      refreshPosition(positionId); // its tab counts changed
      await candidate.mutate();
      return true;
    } catch {
      await candidate.mutate(before, { revalidate: false });
      setNotice({ message: messages.updateFailed(c.candidateName), variation: 'error' });
      return false;
    } finally {
      setPending(false);
    }
  };

  const rate = async (answerId: string, value: number) => {
    const before = c;
    await candidate.mutate({ ...c, answers: c.answers.map((a) => (a.answerId === answerId ? { ...a, rating: value } : a)) }, { revalidate: false });
    try {
      await rateAnswer(answerId, value);
      await candidate.mutate();
    } catch {
      await candidate.mutate(before, { revalidate: false });
      setNotice({ message: messages.ratingFailed, variation: 'error' });
    }
  };

  /** A timing saved or an address fixed: the candidate fetched again, and the message. */
  const reloadAndSay = async (message: string) => {
    await candidate.mutate();
    setNotice({ message, variation: 'success' });
  };
  /** The invitation sent to a fixed address: the candidate fetched again, and again until SES reports on the mail. */
  const mailResent = async () => {
    setMailSentAt(Date.now());
    await candidate.mutate();
  };

  const go = (id: string | null) => id && navigate(candidateTo(id));
  const nextToReview =
    c.navigation.nextToReviewCandidateId && c.navigation.nextToReviewCandidateId !== c.candidateId ? c.navigation.nextToReviewCandidateId : null;
  const evaluationMoves = evaluation ? EVALUATION_ACTIONS[c.currentStatus] : [];
  const openShortcuts = () => setShortcuts({ comments: document.getElementById(COMMENT_INPUT_ID) !== null });

  /** A review shortcut (review-shortcuts.ts), run on what the page shows now. */
  const runShortcut = (action: ReviewAction) => {
    switch (action.type) {
      case 'nextCandidate':
        return go(c.navigation.nextCandidateId);
      case 'previousCandidate':
        return go(c.navigation.previousCandidateId);
      case 'nextAnswer':
      case 'previousAnswer': {
        const to = action.type === 'nextAnswer' ? index + 1 : index - 1;
        setAnswerIndex(to);
        return setAnnouncement(`Answer ${to + 1} of ${answers.length}`);
      }
      case 'togglePlayback': {
        const element = video.current;
        if (!element) return;
        if (element.paused) void element.play().catch(() => undefined);
        else element.pause();
        return;
      }
      case 'rate':
        if (!answer) return;
        if (answer.rating !== action.value) void rate(answer.answerId, action.value);
        return setAnnouncement(`Rated ${action.value} of 5`);
      case 'evaluate': {
        const move = evaluationMoves.find((m) => m.action === action.action);
        if (!move) return;
        void evaluate(move.action, move.to).then((saved) => saved && setAnnouncement(evaluationAnnouncement(move.action, move.to)));
        return;
      }
      case 'comment': {
        const composer = document.getElementById(COMMENT_INPUT_ID);
        composer?.scrollIntoView({ block: 'center' });
        composer?.focus();
        return;
      }
      case 'help':
        return openShortcuts();
    }
  };

  return (
    <main className="app-main app-main--wide candidate-page">
      <CandidatePageHeader
        candidate={c}
        companyId={companyId}
        positionId={positionId}
        evaluation={evaluation}
        nextToReview={nextToReview}
        onGo={go}
        onShortcuts={openShortcuts}
      />

      <div className="candidate-page__layout">
        <div className="candidate-page__main">
          <MailDeliveryNotice candidate={c} positionId={positionId} onFixed={mailResent} />
          <TimingRequestNotice candidate={c} onSaved={reloadAndSay} />
          {hasSummaries && (
            <SummariesBar
              hidden={hideSummaries}
              onHiddenChange={(hidden) => void setHideSummaries(hidden)}
              overview={c.summaryOverview}
              answerNumber={(questionIndex) => {
                const at = answers.findIndex((a) => a.questionIndex === questionIndex);
                return at < 0 ? null : at + 1;
              }}
              onCheck={(questionIndex, second) => {
                const target = answers.find((a) => a.questionIndex === questionIndex);
                if (target) checkAnswerAt(target.answerId, second);
              }}
            />
          )}
          <AnswerPanel
            candidateName={c.candidateName}
            questions={c.questions}
            answers={answers}
            index={index}
            onIndex={setAnswerIndex}
            rating={rating}
            video={video}
            transcript={transcript}
            onPlay={played}
            onRate={(answerId, value) => void rate(answerId, value)}
            onProcessing={() => Promise.all([candidate.mutate(), transcripts.mutate()])}
            showSummaries={!hideSummaries}
            onCheck={checkAnswerAt}
          />
        </div>
        <div className="candidate-page__aside">
          <Card variation="outlined" as="section" aria-label="Candidate" className="candidate-card-panel">
            <Flex direction="column" gap="small">
              <dl className="candidate-facts">
                <div>
                  <dt>Email</dt>
                  <dd>{c.email ?? commonMessages.notAvailable}</dd>
                </div>
                {c.completedAt && (
                  <div>
                    <dt>Responded</dt>
                    <dd>{c.completedAt.relativeTime}</dd>
                  </div>
                )}
                {rating && c.rating !== null && (
                  <div>
                    <dt>Average rating</dt>
                    <dd>{c.rating.toFixed(1)} of 5</dd>
                  </div>
                )}
              </dl>
              {c.timingAdjusted && (
                // Neutral, not a warning: it tells a reviewer why an answer may run long.
                <Badge size="small" alignSelf="flex-start">
                  Adjusted timing
                </Badge>
              )}
              {evaluation && (
                <Flex gap="xs" wrap="wrap">
                  {evaluationMoves.map(({ action, label, to }) => (
                    <Button
                      key={action}
                      aria-keyshortcuts={action[0]!.toUpperCase()}
                      size="small"
                      flex="1 1 auto"
                      variation={action === 'shortlist' ? 'primary' : undefined}
                      colorTheme={action === 'reject' ? 'error' : undefined}
                      isDisabled={pending}
                      onClick={() => void evaluate(action, to)}
                    >
                      {label}
                    </Button>
                  ))}
                </Flex>
              )}
              <Flex gap="medium">
                <Button size="small" variation="link" padding="0" onClick={() => setSharing(true)}>
                  Share
                </Button>
                {ownership.data?.isOwner && (
                  <Button size="small" variation="link" padding="0" onClick={() => openCompanySettings('audit', { candidateId: c.candidateId })}>
                    Audit log
                  </Button>
                )}
              </Flex>
            </Flex>
          </Card>
          <ScorecardPanel candidateId={c.candidateId} canScore={c.currentStatus !== 'invited'} />
          <TimingPanel candidate={c} pacing={position.data?.interview.pacing} onSaved={reloadAndSay} />
          {c.integrationType && (
            <Suspense fallback={null}>
              <IntegrationPanel type={c.integrationType} attributes={c.integrationAttributes} />
            </Suspense>
          )}
          <CommentsPanel
            candidateId={c.candidateId}
            companyId={companyId}
            positionId={positionId}
            answers={answers}
            currentAnswerId={answer?.answerId}
            video={video}
            onOpenAnswerAt={openAnswerAt}
          />
          <ExportVideos
            candidateId={c.candidateId}
            answerPackage={c.answerPackage}
            answers={answers}
            onChange={(answerPackage) => candidate.mutate({ ...c, answerPackage }, { revalidate: false })}
          />
        </div>
      </div>
      <ReviewShortcuts
        context={{
          hasNextCandidate: Boolean(c.navigation.nextCandidateId),
          hasPreviousCandidate: Boolean(c.navigation.previousCandidateId),
          hasNextAnswer: index < answers.length - 1,
          hasPreviousAnswer: index > 0,
          // A recording's player (video or audio); a text, choice or file answer has none (issue 39).
          hasPlayer: answer?.video?.uploadStatus === 'ready',
          canRate: rating && answer !== undefined,
          evaluationActions: pending ? [] : evaluationMoves.map((m) => m.action),
        }}
        onAction={runShortcut}
      />
      <ShortcutsDialog
        open={shortcuts !== null}
        onClose={() => setShortcuts(null)}
        rating={rating}
        evaluation={evaluation}
        comments={shortcuts?.comments ?? false}
      />
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      {sharing && <ShareDialog candidateId={c.candidateId} candidateName={c.candidateName} open onClose={() => setSharing(false)} />}
      <Snackbar notice={notice} onClose={clearNotice} />
    </main>
  );
};

/** A new candidate starts fresh (first answer, dialogs closed). */
const CandidateDetailScreen = () => {
  const { companyId = '', positionId = '', candidateId = '' } = useParams();
  return <CandidateDetail key={candidateId} companyId={companyId} positionId={positionId} candidateId={candidateId} />;
};
export default CandidateDetailScreen;
