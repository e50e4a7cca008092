import { Alert, Button, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { JOB_TITLE_MAX } from '../../../../../lambdas/contracts/pacing';
import { errorMessage } from '../../../api/client';
import { createPosition } from '../../../api/positions';
import { Dialog } from '../../../components/dialog';
import { InterviewEditor } from '../../../components/interview-editor/interview-editor';
import { anyVideoProcessing, questionsValid, toWire, videoGroupIds } from '../../../components/interview-editor/interview-model';
import { PacingFields } from '../../../components/interview-editor/pacing-fields';
import { useMediaGroups } from '../../../components/interview-editor/use-media-groups';
import { paths } from '../../../config/paths';
import { drafts, emptyDraft, type PositionDraft } from '../draft';
import { PageTitle } from '../../../components/page-title';

const SAVE_FAILED = 'Unable to save position at this time. Please contact us.';
const steps = ['Enter a position name', 'Record your questions', 'Adjust the pacing'] as const;

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
  const cancel = () => {
    drafts.discard(companyId);
    navigate(paths.positions.to(companyId));
  };

  return (
    <main className="app-main" style={{ maxWidth: 760 }}>
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="center">
          <PageTitle>{params.get('title') || 'New position'}</PageTitle>
          {params.get('cancellable') === 'true' && (
            <Button variation="link" onClick={cancel}>
              Cancel
            </Button>
          )}
        </Flex>
        {steps.map((label, index) => (
          <Card key={label} variation={index === step ? 'elevated' : 'outlined'} padding="medium" as="section" aria-label={label}>
            <Flex direction="column" gap="medium">
              <Flex alignItems="center" gap="small">
                <Text as="span" fontWeight="bold" color={index <= step ? 'font.interactive' : 'font.tertiary'}>
                  {index + 1}
                </Text>
                <Heading level={5} color={index === step ? undefined : 'font.tertiary'}>
                  {label}
                </Heading>
              </Flex>
              {index === step && (
                <>
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
                    <PacingFields
                      pacing={draft.interview.pacing}
                      onChange={(pacing) => setDraft({ ...draft, interview: { ...draft.interview, pacing } })}
                    />
                  )}
                  {processing && index > 0 && (
                    <Text role="status" fontSize="small">
                      Videos are still processing: you can go on once they are ready.
                    </Text>
                  )}
                  {error && index === 2 && <Alert variation="error">{error}</Alert>}
                  <Flex gap="small">
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
                </>
              )}
            </Flex>
          </Card>
        ))}
      </Flex>
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
