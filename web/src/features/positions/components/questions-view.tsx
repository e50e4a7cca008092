import { Alert, Button, Flex, Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { savePosition, type Position } from '../../../api/positions';
import { OUTRO_CONTENT_MAX, OUTRO_TITLE_MAX } from '../../../../../lambdas/contracts/pacing';
import { DebouncedField } from '../../../components/interview/debounced-field';
import { questionsValid, sameInterview, toEditable, toWire, type EditableInterview } from '../../../components/interview/interview-model';
import { QuestionList } from '../../../components/interview/question-list';
import { messages } from '../messages';
import { SaveBar } from './save-bar';

/** Questions view (spec §2, §5): the interview editor; "Save changes" only when changed and valid. */
export const QuestionsView = ({ position, onSaved }: { position: Position; onSaved: (position: Position) => void }) => {
  const [original, setOriginal] = useState(() => toEditable(position.interview));
  const [interview, setInterview] = useState<EditableInterview>(original);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = !sameInterview(interview, original);
  const outro = interview.outro ?? { ephemeralId: 'outro', title: '', content: '', thumbnailImageGroupId: null, videoGroupId: null };

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
      <Heading level={5}>Questions</Heading>
      <QuestionList questions={interview.questions} onChange={(questions) => setInterview({ ...interview, questions })} />
      <Heading level={5}>Outro</Heading>
      <DebouncedField
        label="Outro title"
        placeholder="Thank you!"
        value={outro.title}
        maxLength={OUTRO_TITLE_MAX}
        onChange={(title) => setInterview({ ...interview, outro: { ...outro, title } })}
      />
      <DebouncedField
        label="Outro message"
        placeholder="Thank you for your answers. We will be in touch soon."
        value={outro.content}
        maxLength={OUTRO_CONTENT_MAX}
        multiline
        onChange={(content) => setInterview({ ...interview, outro: { ...outro, content } })}
      />
      {error && <Alert variation="error">{error}</Alert>}
      <SaveBar>
        <Button
          variation="primary"
          isDisabled={!changed || !questionsValid(interview)}
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
