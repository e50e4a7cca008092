import { Alert, Button, Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { createAnswerPackage, type AnswerPackage } from '../../../api/candidates';

/** "Export videos" → "Generating package..." → "Download package" (spec §4 Answer package). */
export const ExportVideos = ({ candidateId, answerPackage, ready }: { candidateId: string; answerPackage: AnswerPackage; ready: boolean }) => {
  const [generated, setGenerated] = useState<AnswerPackage | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = answerPackage.packageStatus === 'completed' ? answerPackage : (generated ?? answerPackage);

  const generate = async () => {
    setBusy(true);
    setError(null);
    try {
      setGenerated(await createAnswerPackage(candidateId));
    } catch (e) {
      setError(errorMessage(e, 'Unable to export the videos at this time. Please contact us.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variation="outlined" as="section" aria-label="Export videos">
      <Flex direction="column" gap="xs">
        <Heading level={6}>Export videos</Heading>
        <Text fontSize="small" color="font.secondary">
          All answer videos in one zip file, named by question.
        </Text>
        {current.packageStatus === 'completed' && current.downloadHref ? (
          <Link href={current.downloadHref} download isExternal={false}>
            Download package
          </Link>
        ) : (
          <Button size="small" isLoading={busy} loadingText="Generating package..." isDisabled={!ready} onClick={() => void generate()}>
            Export videos
          </Button>
        )}
        {!ready && current.packageStatus !== 'completed' && (
          <Text fontSize="small" color="font.tertiary">
            Available once every answer is processed.
          </Text>
        )}
        {error && <Alert variation="error">{error}</Alert>}
      </Flex>
    </Card>
  );
};
