import { useEffect, useMemo, useState } from 'react';
import { ApiError, apiPath } from '../../../api/client';
import { openCamera, PermissionDenied, recorderChoiceHere } from '../../../lib/recorder';
import { messages } from '../messages';
import { usePublicRead } from '../use-public-read';
import { BrandedPage } from './branded-page';
import { FileAnswer } from './file-answer';
import { MicLevel } from './mic-level';
import { QuestionStep, type TakeRecorder } from './question-step';
import { Alert, Button, Loader, Title } from './ui';

type Stage = 'welcome' | 'check' | 'intro' | 'questions' | 'outro' | 'done';

const describeTime = (seconds: number | null, none: string, unlimited: string) =>
  seconds === null ? unlimited : seconds === 0 ? none : seconds < 60 ? `${seconds} seconds` : `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;

/**
 * The candidate's interview (DESIGN.md §4), reached by the invitation's link: welcome, camera and
 * microphone check, intro, each question, outro, confirmation. Reopening the link continues at the
 * first unanswered question; a finished interview shows the thank-you.
 */
export const InterviewScreen = ({ token }: { token: string }) => {
  const interview = usePublicRead(apiPath('getInterview', { token }));
  const [stage, setStage] = useState<Stage>('welcome');
  const [current, setCurrent] = useState<number | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  // MediaRecorder with a preferred format, else the live-recording service (or when forced); a file where neither works.
  const recorder = useMemo((): TakeRecorder | null => {
    const choice = recorderChoiceHere();
    return choice.kind === 'file' ? null : choice;
  }, []);

  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  const data = interview.data;
  if (interview.error) {
    const detail = interview.error instanceof ApiError && interview.error.status === 404 ? interview.error.message : messages.loadFailed;
    return (
      <BrandedPage branding={null}>
        <Title visuallyHidden>Your interview</Title>
        <Alert variation="warning">{detail}</Alert>
      </BrandedPage>
    );
  }
  if (!data)
    return (
      <BrandedPage branding={null}>
        <Loader />
      </BrandedPage>
    );

  const firstOpen = data.questions.findIndex((q) => !q.answered);
  const index = current ?? (firstOpen === -1 ? 0 : firstOpen);
  const answeredBefore = data.questions.filter((q) => q.answered).length;

  if (data.completed && stage !== 'outro' && stage !== 'done') {
    return (
      <BrandedPage branding={data}>
        <Title>Thank you, {data.candidateName}!</Title>
        <p>You have completed this interview. {data.companyName} will be in touch.</p>
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
      interview.reload();
      return;
    }
    const next = data.questions.findIndex((q, i) => i > index && !q.answered);
    setCurrent(next === -1 ? index + 1 : next);
  };

  return (
    <BrandedPage branding={data}>
      {stage === 'welcome' && (
        <div className="ir-stack">
          <Title>Welcome, {data.candidateName}</Title>
          <p>
            {data.companyName} invites you to a video interview for {data.jobTitle}. There {data.questions.length === 1 ? 'is' : 'are'}{' '}
            {data.questions.length} question{data.questions.length === 1 ? '' : 's'}
            {answeredBefore > 0 ? `, and you have answered ${answeredBefore} already` : ''}.
          </p>
          <ul aria-label="Pacing" className="ir-list">
            <li>Time to think before each answer: {describeTime(data.pacing.thinkingTime, 'none', 'as long as you need')}</li>
            <li>Longest answer: {describeTime(data.pacing.answerTime, 'none', 'no limit')}</li>
            <li>Retakes per question: {data.pacing.retakes === null ? 'unlimited' : data.pacing.retakes === 0 ? 'none' : data.pacing.retakes}</li>
          </ul>
          {data.expiresAt && <p className="ir-small">Please complete it by {new Date(data.expiresAt).toLocaleString()}.</p>}
          <Button variation="primary" onClick={() => setStage(recorder ? 'check' : data.intro ? 'intro' : 'questions')}>
            {answeredBefore > 0 ? 'Continue the interview' : 'Start the interview'}
          </Button>
        </div>
      )}
      {stage === 'check' && (
        <div className="ir-stack">
          <Title>Camera and microphone check</Title>
          <p>Check that you can see yourself and that your face is well lit.</p>
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
                className="ir-video ir-video--preview"
              />
              <MicLevel stream={stream} />
            </>
          ) : (
            <Button onClick={() => void connect()}>Turn on camera and microphone</Button>
          )}
          {cameraError && <Alert variation="error">{cameraError}</Alert>}
          <Button variation="primary" disabled={!stream} onClick={() => setStage(data.intro && answeredBefore === 0 ? 'intro' : 'questions')}>
            Continue
          </Button>
        </div>
      )}
      {stage === 'intro' && (
        <div className="ir-stack">
          <Title>A word from {data.companyName}</Title>
          {data.intro?.video ? (
            <video
              src={data.intro.video.contentHref}
              poster={data.intro.video.thumbnailHref ?? undefined}
              controls
              playsInline
              className="ir-video"
            />
          ) : (
            <p>The introduction video is not available.</p>
          )}
          <Button variation="primary" onClick={() => setStage('questions')}>
            Go to the first question
          </Button>
        </div>
      )}
      {stage === 'questions' &&
        (recorder && stream ? (
          <QuestionStep
            key={index}
            token={token}
            index={index}
            total={data.questions.length}
            question={data.questions[index]!}
            pacing={data.pacing}
            stream={stream}
            recorder={recorder}
            onSubmitted={afterAnswer}
          />
        ) : recorder ? (
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
        <div className="ir-stack">
          <Title>{data.outro.title || 'Thank you!'}</Title>
          {data.outro.video && <video src={data.outro.video.contentHref} controls playsInline className="ir-video" />}
          <p className="ir-pre">{data.outro.content || 'Your answers have been sent.'}</p>
          <Button variation="primary" onClick={() => setStage('done')}>
            Finish
          </Button>
        </div>
      )}
      {stage === 'done' && (
        <div className="ir-stack ir-stack--tight" role="status">
          <Title>Your interview is complete</Title>
          <p>
            Thank you, {data.candidateName}. Your answers have been sent to {data.companyName}.
          </p>
        </div>
      )}
    </BrandedPage>
  );
};
