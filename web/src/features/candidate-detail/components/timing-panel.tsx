import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { setCandidateTiming, type CandidateDetail } from '../../../api/candidates';
import { errorMessage } from '../../../api/client';
import { Dialog } from '../../../components/dialog';
import { TimingAdjustmentField } from '../../../components/timing-adjustment-field';
import { formatDate } from '../../../lib/format';
import { adjustmentForChoice, type Pacing } from '../../../../../lambdas/contracts/timing';
import { adjustmentText, choiceText, pacingSummary } from '../../../lib/timing';
import { messages } from '../messages';

type Timing = CandidateDetail['timing'];
type TimingCandidate = Pick<CandidateDetail, 'candidateId' | 'candidateName' | 'timing' | 'timingAdjusted' | 'timingRequest'>;

/**
 * Saving a candidate's timing: PUT, then `onSaved` fetches the candidate again (the server
 * answers a pending request of theirs too) and says so.
 */
const useSaveTiming = (candidate: TimingCandidate, onSaved: (message: string) => Promise<unknown>) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (timing: Timing, message: string) => {
    setBusy(true);
    setError(null);
    try {
      await setCandidateTiming(candidate.candidateId, timing);
      await onSaved(message);
      return true;
    } catch (e) {
      setError(errorMessage(e, messages.timing.saveFailed));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, save };
};

/**
 * A candidate's request for more time that waits for the team (issue 25: the position does not let
 * candidates choose themselves), with a one-click Grant that gives what they asked for.
 */
export const TimingRequestNotice = ({ candidate, onSaved }: { candidate: TimingCandidate; onSaved: (message: string) => Promise<unknown> }) => {
  const { busy, error, save } = useSaveTiming(candidate, onSaved);
  const request = candidate.timingRequest;
  if (!request) return null;
  return (
    <Flex direction="column" gap="xs" as="section" aria-label="Timing request">
      <Alert variation="info" heading={messages.timing.requestHeading}>
        <Flex direction="column" gap="small" alignItems="flex-start">
          <Text as="span">{messages.timing.requested(candidate.candidateName, choiceText(request.choice), formatDate(request.requestedAt))}</Text>
          <Button
            size="small"
            variation="primary"
            isLoading={busy}
            loadingText="Granting..."
            onClick={() => void save(adjustmentForChoice(request.choice), messages.timing.granted(candidate.candidateName))}
          >
            Grant
          </Button>
        </Flex>
      </Alert>
      {error && <Alert variation="error">{error}</Alert>}
    </Flex>
  );
};

/**
 * A candidate's timing (issue 25): the adjustment they have, what it gives them with the position's
 * pacing, and "Change timing" to set any adjustment.
 */
export const TimingPanel = ({
  candidate,
  pacing,
  onSaved,
}: {
  candidate: TimingCandidate;
  /** The position's pacing; the summary waits for it. */
  pacing: Pacing | undefined;
  onSaved: (message: string) => Promise<unknown>;
}) => {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Timing>(candidate.timing);
  const { busy, error, save } = useSaveTiming(candidate, onSaved);

  const edit = () => {
    setDraft(candidate.timing);
    setEditing(true);
  };
  const submit = async () => {
    if (await save(draft, messages.timing.saved(candidate.candidateName))) setEditing(false);
  };

  return (
    <Card variation="outlined" as="section" aria-label="Timing">
      <Flex direction="column" gap="xs">
        <Heading level={6}>Timing</Heading>
        <Text fontSize="small" fontWeight="semibold">
          {adjustmentText(candidate.timing)}
        </Text>
        {pacing && (
          <Text fontSize="small" color="font.secondary">
            {pacingSummary(pacing, candidate.timing)}
          </Text>
        )}
        {candidate.timingAdjusted && (
          <Text fontSize="small" color="font.tertiary">
            {messages.timing.explainer}
          </Text>
        )}
        <Button size="small" alignSelf="flex-start" marginTop="xxs" onClick={edit}>
          Change timing
        </Button>
      </Flex>
      <Dialog title={`Timing for ${candidate.candidateName}`} open={editing} onClose={() => setEditing(false)} width="520px">
        <Flex
          as="form"
          direction="column"
          gap="medium"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void submit();
          }}
        >
          <TimingAdjustmentField legend="Timing" legendHidden value={draft} onChange={setDraft} pacing={pacing} name="candidate-timing" />
          <Text fontSize="small" color="font.secondary">
            {messages.timing.appliesTo}
          </Text>
          {error && <Alert variation="error">{error}</Alert>}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={() => setEditing(false)}>Cancel</Button>
            <Button type="submit" variation="primary" isLoading={busy} loadingText="Saving...">
              Save timing
            </Button>
          </Flex>
        </Flex>
      </Dialog>
    </Card>
  );
};
