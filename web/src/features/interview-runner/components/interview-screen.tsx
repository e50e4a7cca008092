import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, apiPath } from '../../../api/client';
import { usePublicApi } from '../../../api/use-api';
import { messages } from '../messages';
import { canRecord, chooseFormat, openCamera, PermissionDenied } from '../../../lib/recorder';
import { BrandedPage } from './branded-page';
import { FileAnswer } from './file-answer';
import { QuestionStep } from './question-step';
import { MicLevel } from './mic-level';
import { PageTitle } from '../../../components/page-title';

type Stage = 'welcome' | 'check' | 'intro' | 'questions' | 'outro' | 'done';

const describeTime = (seconds: number | null, none: string, unlimited: string) =>
  seconds === null ? unlimited : seconds === 0 ? none : seconds < 60 ? `${seconds} seconds` : `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;

/**
 * The candidate's interview (DESIGN.md §4), reached by the invitation's link: welcome, camera and
 * microphone check, intro, each question, outro, confirmation. Reopening the link continues at the
 * first unanswered question; a finished interview shows the thank-you.
 */
const InterviewScreen = () => {
  const { token = '' } = useParams();
  const interview = usePublicApi(apiPath('getInterview', { token }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  const [stage, setStage] = useState<Stage>('welcome');
  const [current, setCurrent] = useState<number | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const format = useMemo(() => (canRecord() ? chooseFormat((type) => MediaRecorder.isTypeSupported(type)) : null), []);

  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  const data = interview.data;
  if (interview.error) {
    const detail = interview.error instanceof ApiError && interview.error.status === 404 ? interview.error.message : messages.loadFailed;
    return (
      <BrandedPage branding={null}>
        <PageTitle visuallyHidden>Your interview</PageTitle>
        <Alert variation="warning">{detail}</Alert>
      </BrandedPage>
    );
  }
  if (!data) return <Loader variation="linear" />;

  const firstOpen = data.questions.findIndex((q) => !q.answered);
  const index = current ?? (firstOpen === -1 ? 0 : firstOpen);
  const answeredBefore = data.questions.filter((q) => q.answered).length;

  if (data.completed && stage !== 'outro' && stage !== 'done') {
    return (
      <BrandedPage branding={data}>
        <PageTitle>Thank you, {data.candidateName}!</PageTitle>
        <Text marginTop="small">You have completed this interview. {data.companyName} will be in touch.</Text>
      </BrandedPage>
    );
  }

  const connect = async () => {
    setCameraError(null);
    try {
      setStream(await openCamera());
    } catch (error) {
      setCameraError(error instanceof PermissionDenied ? messages.permissionDenied : messages.connectRecorder);
    }
  };
  const afterAnswer = (completed: boolean) => {
    if (completed) {
      setStage(data.outro ? 'outro' : 'done');
      void interview.mutate();
      return;
    }
    const next = data.questions.findIndex((q, i) => i > index && !q.answered);
    setCurrent(next === -1 ? index + 1 : next);
  };

  return (
    <BrandedPage branding={data}>
      {stage === 'welcome' && (
        <Flex direction="column" gap="medium">
          <PageTitle>Welcome, {data.candidateName}</PageTitle>
          <Text>
            {data.companyName} invites you to a video interview for {data.jobTitle}. There {data.questions.length === 1 ? 'is' : 'are'}{' '}
            {data.questions.length} question{data.questions.length === 1 ? '' : 's'}
            {answeredBefore > 0 ? `, and you have answered ${answeredBefore} already` : ''}.
          </Text>
          <ul aria-label="Pacing">
            <li>Time to think before each answer: {describeTime(data.pacing.thinkingTime, 'none', 'as long as you need')}</li>
            <li>Longest answer: {describeTime(data.pacing.answerTime, 'none', 'no limit')}</li>
            <li>Retakes per question: {data.pacing.retakes === null ? 'unlimited' : data.pacing.retakes === 0 ? 'none' : data.pacing.retakes}</li>
          </ul>
          {data.expiresAt && <Text fontSize="small">Please complete it by {new Date(data.expiresAt).toLocaleString()}.</Text>}
          <Button variation="primary" alignSelf="flex-start" onClick={() => setStage(format ? 'check' : data.intro ? 'intro' : 'questions')}>
            {answeredBefore > 0 ? 'Continue the interview' : 'Start the interview'}
          </Button>
        </Flex>
      )}
      {stage === 'check' && (
        <Flex direction="column" gap="medium">
          <PageTitle>Camera and microphone check</PageTitle>
          <Text>Check that you can see yourself and that your face is well lit.</Text>
          {stream ? (
            <>
              <video
                ref={(el) => {
                  if (el && el.srcObject !== stream) el.srcObject = stream;
                }}
                autoPlay
                muted
                playsInline
                aria-label="Camera preview"
                style={{ width: '100%', borderRadius: 8, background: '#000', aspectRatio: '16 / 9', objectFit: 'cover' }}
              />
              <MicLevel stream={stream} />
            </>
          ) : (
            <Button onClick={() => void connect()} alignSelf="flex-start">
              Turn on camera and microphone
            </Button>
          )}
          {cameraError && <Alert variation="error">{cameraError}</Alert>}
          <Button
            variation="primary"
            alignSelf="flex-start"
            isDisabled={!stream}
            onClick={() => setStage(data.intro && answeredBefore === 0 ? 'intro' : 'questions')}
          >
            Continue
          </Button>
        </Flex>
      )}
      {stage === 'intro' && (
        <Flex direction="column" gap="medium">
          <PageTitle>A word from {data.companyName}</PageTitle>
          {data.intro?.video ? (
            <video
              src={data.intro.video.contentHref}
              poster={data.intro.video.thumbnailHref ?? undefined}
              controls
              playsInline
              style={{ width: '100%', borderRadius: 8 }}
            />
          ) : (
            <Text>The introduction video is not available.</Text>
          )}
          <Button variation="primary" alignSelf="flex-start" onClick={() => setStage('questions')}>
            Go to the first question
          </Button>
        </Flex>
      )}
      {stage === 'questions' &&
        (format && stream ? (
          <QuestionStep
            key={index}
            token={token}
            index={index}
            total={data.questions.length}
            question={data.questions[index]!}
            pacing={data.pacing}
            stream={stream}
            format={format}
            onSubmitted={afterAnswer}
          />
        ) : format ? (
          <Alert variation="warning">{messages.connectRecorder}</Alert>
        ) : (
          <FileAnswer
            key={index}
            token={token}
            index={index}
            total={data.questions.length}
            question={data.questions[index]!}
            onSubmitted={afterAnswer}
          />
        ))}
      {stage === 'outro' && data.outro && (
        <Flex direction="column" gap="medium">
          <PageTitle>{data.outro.title || 'Thank you!'}</PageTitle>
          {data.outro.video && <video src={data.outro.video.contentHref} controls playsInline style={{ width: '100%', borderRadius: 8 }} />}
          <Text whiteSpace="pre-wrap">{data.outro.content || 'Your answers have been sent.'}</Text>
          <Button variation="primary" alignSelf="flex-start" onClick={() => setStage('done')}>
            Finish
          </Button>
        </Flex>
      )}
      {stage === 'done' && (
        <Flex direction="column" gap="small" role="status">
          <PageTitle>Your interview is complete</PageTitle>
          <Text>
            Thank you, {data.candidateName}. Your answers have been sent to {data.companyName}.
          </Text>
        </Flex>
      )}
    </BrandedPage>
  );
};

export default InterviewScreen;
