import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { savePosition, type Position } from '../../../api/positions';
import { InterviewEditor } from '../../../components/interview-editor/interview-editor';
import {
  anyVideoProcessing,
  questionsValid,
  sameInterview,
  toEditable,
  toWire,
  videoGroupIds,
  type EditableInterview,
} from '../../../components/interview-editor/interview-model';
import { useMediaGroups } from '../../../components/interview-editor/use-media-groups';
import { messages } from '../messages';
import { SaveBar } from './save-bar';

/** Questions view (spec §2, §5): the interview editor; "Save changes" only when changed and valid. */
export const QuestionsView = ({ position, onSaved }: { position: Position; onSaved: (position: Position) => void }) => {
  const [original, setOriginal] = useState(() => toEditable(position.interview));
  const [interview, setInterview] = useState<EditableInterview>(original);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const media = useMediaGroups(videoGroupIds(interview));
  const changed = !sameInterview(interview, original);
  const processing = anyVideoProcessing(interview, media);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await savePosition({ ...position, interview: toWire(interview) });
      const next = toEditable(saved.interview);
      setOriginal(next);
      setInterview(next);
      onSaved(saved);
    } catch (e) {
      setError(errorMessage(e, messages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="medium">
      <InterviewEditor interview={interview} onChange={setInterview} companyId={position.companyId} positionId={position.positionId} media={media} />
      {processing && (
        <Text role="status" fontSize="small">
          Videos are still processing: changes can be saved once they are ready.
        </Text>
      )}
      {error && <Alert variation="error">{error}</Alert>}
      <SaveBar>
        <Button
          variation="primary"
          isDisabled={!changed || !questionsValid(interview) || processing}
          isLoading={busy}
          loadingText="Saving..."
          onClick={() => void save()}
        >
          Save changes
        </Button>
      </SaveBar>
    </Flex>
  );
};
