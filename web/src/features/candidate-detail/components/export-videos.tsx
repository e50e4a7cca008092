import { Alert, Button, Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { createAnswerPackage, type Answer, type AnswerPackage } from '../../../api/candidates';
import { exportReadiness, packageKind } from '../export-readiness';
import { messages } from '../messages';


/**
 * "Export videos" → "Generating package..." → "Download package" (spec §4 Answer package). The
 * package is built off the request path: starting it answers `generating` at once (`onChange`
 * puts that on the candidate, whose page polls until it is completed). Answers whose video failed
 * to process are left out of the zip and named. A candidate asked more than videos (issue 39) exports
 * "answers": the same package with their files, audio and a text of every answer.
 */
export const ExportVideos = ({
  candidateId,
  answerPackage,
  answers,
  onChange,
}: {
  candidateId: string;
  answerPackage: AnswerPackage;
  answers: Pick<Answer, 'video' | 'answerType'>[];
  onChange: (answerPackage: AnswerPackage) => Promise<unknown>;
}) => {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const readiness = exportReadiness(answers);
  const text = packageKind(answers) === 'videos' ? messages.exportVideos : { ...messages.exportVideos, ...messages.exportAnswers };
  const status = answerPackage.packageStatus;

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      await onChange(await createAnswerPackage(candidateId));
    } catch (e) {
      setError(errorMessage(e, text.startFailed));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card variation="outlined" as="section" aria-label={text.title}>
      <Flex direction="column" gap="xs">
        <Heading level={6}>{text.title}</Heading>
        <Text fontSize="small" color="font.secondary">
          {text.description}
        </Text>
        {status === 'completed' && answerPackage.downloadHref ? (
          <>
            <Link href={answerPackage.downloadHref} download isExternal={false}>
              {text.download}
            </Link>
            {answerPackage.leftOutAnswers.map((answer) => (
              <Text key={answer.answerId} fontSize="small" color="font.warning">
                {text.leftOut(answer.questionIndex + 1)}
              </Text>
            ))}
          </>
        ) : (
          <>
            {status === 'failed' && <Alert variation="error">{text.failed}</Alert>}
            <Button
              size="small"
              isLoading={starting || status === 'generating'}
              loadingText={text.generating}
              isDisabled={readiness === 'waiting' || readiness === 'nothing'}
              onClick={() => void start()}
            >
              {text.start}
            </Button>
            {status !== 'generating' && readiness !== 'ready' && (
              <Text fontSize="small" color="font.tertiary">
                {readiness === 'waiting' ? text.waitForProcessing : readiness === 'nothing' ? text.nothingToExport : text.someFailed}
              </Text>
            )}
          </>
        )}
        {error && <Alert variation="error">{error}</Alert>}
      </Flex>
    </Card>
  );
};
