import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { processAnswerAgain } from '../../../api/candidates';
import { errorMessage } from '../../../api/client';
import { messages } from '../messages';

const text = messages.processAgain;

/**
 * "Process again" beside an answer whose video failed to process (issue 37): the media pipeline runs
 * again on the candidate's kept upload. Once the server has it processing, `onStarted` reloads the
 * candidate, whose player then shows "Processing..." until the video is ready (the page polls
 * meanwhile); a refusal shows here, the button still offered.
 */
export const ProcessAgain = ({ answerId, onStarted }: { answerId: string; onStarted: () => Promise<unknown> }) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await processAnswerAgain(answerId);
      await onStarted();
    } catch (e) {
      setError(errorMessage(e, text.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex direction="column" alignItems="flex-start" gap="xs" className="process-again">
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Button size="small" variation="primary" isLoading={busy} loadingText={text.starting} onClick={() => void start()}>
          {text.button}
        </Button>
        <Text as="span" fontSize="small" color="font.secondary">
          {text.explainer}
        </Text>
      </Flex>
      {error && <Alert variation="error">{error}</Alert>}
    </Flex>
  );
};
