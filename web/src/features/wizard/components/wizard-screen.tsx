import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { JOB_TITLE_MAX } from '../../../../../lambdas/contracts/pacing';
import { errorMessage } from '../../../api/client';
import { createPosition } from '../../../api/positions';
import { Dialog } from '../../../components/dialog';
import { InterviewEditor } from '../../../components/interview-editor/interview-editor';
import { anyVideoProcessing, questionsProblem, questionsValid, toWire, videoGroupIds } from '../../../components/interview-editor/interview-model';
import { PacingFields } from '../../../components/interview-editor/pacing-fields';
import { useMediaGroups } from '../../../components/interview-editor/use-media-groups';
import { paths } from '../../../config/paths';
import { drafts, emptyDraft, type PositionDraft } from '../draft';
import { PageTitle } from '../../../components/page-title';
import { describeEstimate, describeRetakes, describeThinking, estimateInterview, nameSummary, pacingSummary, questionsSummary } from '../summary';
import './wizard.css';

const SAVE_FAILED = 'Unable to save position at this time. Please contact us.';
const steps = ['Enter a position name', 'Record your questions', 'Adjust the pacing'] as const;

const CheckIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Step 3's preview of the interview from the candidate's side: how many questions, how long, how many tries. */
const CandidateExperience = ({ interview }: { interview: PositionDraft['interview'] }) => {
  const { pacing } = interview;
  const questions = interview.questions.length;
  return (
    <section className="wizard-experience" aria-labelledby="wizard-experience-title">
      <h3 className="wizard-experience__title" id="wizard-experience-title">
        What candidates will experience
      </h3>
      <dl className="wizard-experience__facts">
        <div>
          <dt>Questions</dt>
          <dd>{questions}</dd>
        </div>
        <div>
          <dt>Estimated time</dt>
          <dd>{describeEstimate(estimateInterview(interview.questions.map((q) => q.answer), pacing))}</dd>
        </div>
        <div>
          <dt>Thinking time</dt>
          <dd>{describeThinking(pacing.thinkingTime)}</dd>
        </div>
        <div>
          <dt>Retakes</dt>
          <dd>{describeRetakes(pacing.retakes)}</dd>
        </div>
      </dl>
      <p className="wizard-experience__note">
        For each question they read or watch it, think for the time you allow, then record their answer after a 3-second countdown. A timer shows how
        long they have left, and recording stops at the max answer length.
      </p>
    </section>
  );
};

/**
 * Whether the app made an entry before this one in the tab's history: the router numbers its
 * entries (`idx` in history.state, 0 for the page first loaded in the tab).
 */
const hasEntryBefore = () => ((window.history.state as { idx?: unknown } | null)?.idx ?? 0) !== 0;

/** The new-position wizard (spec §2, §4, §5): three steps, a draft per company, Finish creates. */
const WizardScreen = () => {
  const { companyId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<PositionDraft>(emptyDraft);
  const [saved] = useState(() => drafts.load(companyId));
  const [restoreAsked, setRestoreAsked] = useState(saved !== null);
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The draft follows every change (not while the restore question is open, so it is not overwritten).
  useEffect(() => {
    if (!restoreAsked) drafts.save(companyId, draft);
  }, [companyId, draft, restoreAsked]);

  const media = useMediaGroups(videoGroupIds(draft.interview));
  // Spec §5: step 2 (and so Finish) waits while videos are processing.
  const processing = anyVideoProcessing(draft.interview, media);
  const canContinue = [draft.jobTitle.trim() !== '', questionsValid(draft.interview) && !processing, !processing];
  const finish = async () => {
    setBusy(true);
    setError(null);
    try {
      const { positionId } = await createPosition(companyId, { jobTitle: draft.jobTitle.trim(), interview: toWire(draft.interview) });
      drafts.discard(companyId);
      navigate(paths.position.to(companyId, positionId, { celebrate: true }), { replace: true });
    } catch (e) {
      setError(errorMessage(e, SAVE_FAILED));
      setBusy(false);
    }
  };
  // Spec §2: Cancel discards the draft and goes back. Opened straight from an address (a bookmark, a
  // new tab), the wizard has no page of the app's before it: then back is the positions list.
  const cancel = () => {
    drafts.discard(companyId);
    if (hasEntryBefore()) navigate(-1);
    else navigate(paths.positions.to(companyId), { replace: true });
  };

  const summaries = [nameSummary(draft.jobTitle), questionsSummary(draft.interview), pacingSummary(draft.interview.pacing)];

  return (
    <main className="app-main wizard">
      <div className="wizard__header">
        <PageTitle>{params.get('title') || 'New position'}</PageTitle>
        {params.get('cancellable') === 'true' && (
          <Button variation="link" onClick={cancel}>
            Cancel
          </Button>
        )}
      </div>
      <ol className="wizard__steps">
        {steps.map((label, index) => {
          const state = index === step ? 'current' : index < step ? 'done' : 'upcoming';
          return (
            <li key={label} className={`wizard-step wizard-step--${state}`}>
              <section aria-label={label} aria-current={state === 'current' ? 'step' : undefined}>
                <div className="wizard-step__header">
                  <span className="wizard-step__marker" aria-hidden="true">
                    {state === 'done' ? <CheckIcon /> : index + 1}
                  </span>
                  <div className="wizard-step__heading">
                    <h2 className="wizard-step__title">{label}</h2>
                    {state === 'done' && summaries[index] && <p className="wizard-step__summary">{summaries[index]}</p>}
                  </div>
                  {state === 'done' && (
                    <Button size="small" variation="link" onClick={() => setStep(index)}>
                      Edit
                    </Button>
                  )}
                </div>
                {state === 'current' && (
                  <div className="wizard-step__body">
                    {index === 0 && (
                      <TextField
                        label="Position name"
                        placeholder="e.g. Customer success manager"
                        value={draft.jobTitle}
                        maxLength={JOB_TITLE_MAX}
                        autoFocus
                        onChange={(e) => setDraft({ ...draft, jobTitle: e.target.value })}
                      />
                    )}
                    {index === 1 && (
                      <InterviewEditor
                        interview={draft.interview}
                        onChange={(interview) => setDraft((current) => ({ ...current, interview }))}
                        companyId={companyId}
                        media={media}
                      />
                    )}
                    {index === 2 && (
                      <div className="wizard-pacing">
                        <PacingFields
                          pacing={draft.interview.pacing}
                          onChange={(pacing) => setDraft({ ...draft, interview: { ...draft.interview, pacing } })}
                        />
                        <CandidateExperience interview={draft.interview} />
                      </div>
                    )}
                    {index === 1 && draft.interview.questions.length > 0 && questionsProblem(draft.interview) && (
                      <Text role="status" fontSize="small" className="wizard-step__problem">
                        {questionsProblem(draft.interview)}
                      </Text>
                    )}
                    {processing && index > 0 && (
                      <Text role="status" fontSize="small">
                        Videos are still processing: you can go on once they are ready.
                      </Text>
                    )}
                    {error && index === 2 && <Alert variation="error">{error}</Alert>}
                    <Flex gap="small" className="wizard-step__nav">
                      {index > 0 && <Button onClick={() => setStep(index - 1)}>Back</Button>}
                      {index < steps.length - 1 ? (
                        <Button variation="primary" isDisabled={!canContinue[index]} onClick={() => setStep(index + 1)}>
                          Next
                        </Button>
                      ) : (
                        <Button
                          variation="primary"
                          isDisabled={!canContinue[index]}
                          isLoading={busy}
                          loadingText="Creating..."
                          onClick={() => void finish()}
                        >
                          Finish
                        </Button>
                      )}
                    </Flex>
                  </div>
                )}
              </section>
            </li>
          );
        })}
      </ol>
      <Dialog title="Restore your draft?" open={restoreAsked} onClose={() => setRestoreAsked(false)} width="420px">
        <Flex direction="column" gap="medium">
          <Text>You have an unfinished position{saved?.jobTitle ? ` (“${saved.jobTitle}”)` : ''}. Do you want to continue where you left off?</Text>
          <Flex gap="small" justifyContent="flex-end">
            <Button
              onClick={() => {
                drafts.discard(companyId);
                setRestoreAsked(false);
              }}
            >
              No, discard draft
            </Button>
            <Button
              variation="primary"
              onClick={() => {
                if (saved) setDraft(saved);
                setRestoreAsked(false);
              }}
            >
              Yes, restore draft
            </Button>
          </Flex>
        </Flex>
      </Dialog>
    </main>
  );
};
export default WizardScreen;
