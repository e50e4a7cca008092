import { CHOICE_ANSWER_TYPES } from '../../../../../lambdas/contracts/vocabulary';
import { useMemo, useState } from 'react';
import { ApiError, apiPath } from '../../../api/client';
import { audioRecorderChoiceHere, recorderChoiceHere } from '../../../lib/recorder';
import { isAudioQuestion, questionsToRecord, recordsAudioOnly } from '../recorded-questions';
import { messages } from '../messages';
import { useCamera } from '../use-camera';
import { usePublicRead } from '../use-public-read';
import { BrandedPage } from './branded-page';
import { DeleteMyDataLink } from './delete-my-data-link';
import { CaptionedVideo } from './captioned-video';
import { CheckStage, DeviceLostStage } from './check-stage';
import { FileAnswer } from './file-answer';
import { PracticeStage } from './practice-stage';
import { QuestionStep, type TakeRecorder } from './question-step';
import { FileQuestionStep } from './file-question-step';
import { TypedAnswerStep } from './typed-answer-step';
import type { TypedAnswerResult } from '../api';
import { Alert, Button, Loader, Title } from './ui';
import { WelcomeStage } from './welcome-stage';

/** The thank-you's tick. */
const DoneMark = () => (
  <svg className="ir-done__mark" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <circle cx="24" cy="24" r="22" />
    <path d="M14 25l7 7 13-15" />
  </svg>
);

/** What happens after the last answer: the team reviews, gets in touch, and the page may be closed. */
const NextSteps = ({ companyName }: { companyName: string }) => (
  <section className="ir-panel ir-panel--soft" aria-labelledby="ir-next-steps" data-testid="next-steps">
    <h2 className="ir-subtitle" id="ir-next-steps">
      What happens next
    </h2>
    <ol className="ir-steps">
      <li>The hiring team at {companyName} reviews your answers.</li>
      <li>They will contact you about the next steps.</li>
      <li>There is nothing more to do here: you can close this page.</li>
    </ol>
  </section>
);

const isChoiceQuestion = (question: { answer: { answerType: string } }) => (CHOICE_ANSWER_TYPES as readonly string[]).includes(question.answer.answerType);

type Stage = 'welcome' | 'check' | 'practice' | 'intro' | 'questions' | 'outro' | 'done';

/**
 * The candidate's interview (DESIGN.md §4), reached by the invitation's link: welcome, camera and
 * microphone check (with a practice question), intro, each question, outro, confirmation. Reopening
 * the link continues at the first unanswered question; a finished interview shows the thank-you. A
 * camera or microphone lost on the way is chosen again before going on.
 */
export const InterviewScreen = ({ token }: { token: string }) => {
  const interview = usePublicRead(apiPath('getInterview', { token }));
  const [stage, setStage] = useState<Stage>('welcome');
  const [current, setCurrent] = useState<number | null>(null);
  // A knockout answer that ended the interview (issue 39): its kind message, in place of the outro.
  const [knockedOut, setKnockedOut] = useState<string | null>(null);
  const data = interview.data;
  // Every question left to record asks for audio only (issue 39): the microphone alone is opened and checked.
  const audioOnly = data ? recordsAudioOnly(data.questions) : false;
  const camera = useCamera(audioOnly);
  // MediaRecorder with a preferred format, else the live-recording service (or when forced); a file where neither works.
  const recorder = useMemo((): TakeRecorder | null => {
    const choice = recorderChoiceHere();
    return choice.kind === 'file' ? null : choice;
  }, []);
  // An audio question's recorder: MediaRecorder with an audio format (never live: chooseAudioRecorder); a file without one.
  const audioRecorder = useMemo((): TakeRecorder | null => {
    const choice = audioRecorderChoiceHere();
    return choice.kind === 'file' ? null : choice;
  }, []);

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

  const deleteLink = <DeleteMyDataLink companyId={data.companyId} email={data.candidateEmail} />;
  const firstOpen = data.questions.findIndex((q) => !q.answered);
  const index = current ?? (firstOpen === -1 ? 0 : firstOpen);
  const answeredBefore = data.questions.filter((q) => q.answered).length;

  const endedMessage = knockedOut ?? data.knockedOut?.message ?? null;
  if (endedMessage !== null && data.completed) {
    return (
      <BrandedPage branding={data} footer={deleteLink}>
        <div className="ir-stack" data-testid="knocked-out">
          <Title focus>Thank you, {data.candidateName}</Title>
          <p className="ir-pre">{endedMessage}</p>
        </div>
      </BrandedPage>
    );
  }

  if (data.completed && stage !== 'outro' && stage !== 'done') {
    return (
      <BrandedPage branding={data} footer={deleteLink}>
        <div className="ir-stack ir-done">
          <DoneMark />
          <Title>Thank you, {data.candidateName}!</Title>
          <p>You have completed this interview. {data.companyName} will be in touch.</p>
          <NextSteps companyName={data.companyName} />
        </div>
      </BrandedPage>
    );
  }

  const afterAnswer = (completed: boolean) => {
    if (completed) {
      setStage(data.outro ? 'outro' : 'done');
      interview.reload();
      return;
    }
    const next = data.questions.findIndex((q, i) => i > index && !q.answered);
    setCurrent(next === -1 ? index + 1 : next);
  };
  const afterTyped = (result: TypedAnswerResult) => {
    if (result.knockedOut?.ended) {
      setKnockedOut(result.knockedOut.message ?? '');
      interview.reload();
      return;
    }
    afterAnswer(result.completed);
  };
  const afterCheck = () => setStage(data.intro && answeredBefore === 0 ? 'intro' : 'questions');
  // Only an interview with a question still to record checks the camera and microphone (or the microphone alone) first.
  const records = questionsToRecord(data.questions).length > 0;
  const checkRecorder = audioOnly ? audioRecorder : recorder;
  const question = data.questions[index]!;
  const takeRecorder = isAudioQuestion(question) ? audioRecorder : recorder;
  const { stream, lost } = camera;

  return (
    <BrandedPage branding={data} footer={deleteLink}>
      {stage === 'welcome' && (
        <WelcomeStage
          data={data}
          token={token}
          onTimingChanged={interview.reload}
          onStart={() => setStage(checkRecorder && records ? 'check' : data.intro ? 'intro' : 'questions')}
        />
      )}
      {/* A device lost on the way: the take under way starts again once another is chosen (answers sent are kept). */}
      {lost && (stage === 'check' || stage === 'practice' || stage === 'questions') && (
        <DeviceLostStage camera={camera} onReconnect={interview.reload} />
      )}
      {!lost && stage === 'check' && <CheckStage camera={camera} onPractice={() => setStage('practice')} onContinue={afterCheck} />}
      {!lost && stage === 'practice' && checkRecorder && stream && (
        <PracticeStage key={camera.generation} stream={stream} recorder={checkRecorder} audio={audioOnly} pacing={data.pacing} onDone={afterCheck} />
      )}
      {stage === 'intro' && (
        <div className="ir-stack">
          <Title focus>A word from {data.companyName}</Title>
          {data.intro?.video ? (
            <CaptionedVideo video={data.intro.video} label="Introduction video" />
          ) : (
            <p>The introduction video is not available.</p>
          )}
          <Button variation="primary" onClick={() => setStage('questions')}>
            Go to the first question
          </Button>
        </div>
      )}
      {stage === 'questions' && (question.answer.answerType === 'text' || isChoiceQuestion(question)) ? (
        <TypedAnswerStep key={index} token={token} index={index} total={data.questions.length} question={question} onSubmitted={afterTyped} />
      ) : stage === 'questions' && question.answer.answerType === 'file' ? (
        <FileQuestionStep key={index} token={token} index={index} total={data.questions.length} question={question} onSubmitted={afterAnswer} />
      ) : !lost &&
        stage === 'questions' &&
        (takeRecorder && stream ? (
          <QuestionStep
            key={`${index}:${camera.generation}:${question.attemptsUsed}`}
            token={token}
            index={index}
            total={data.questions.length}
            question={question}
            pacing={data.pacing}
            stream={stream}
            recorder={takeRecorder}
            onSubmitted={afterAnswer}
          />
        ) : takeRecorder ? (
          <Alert variation="warning">{messages.connectRecorder}</Alert>
        ) : (
          <FileAnswer key={index} token={token} index={index} total={data.questions.length} question={question} onSubmitted={afterAnswer} />
        ))}
      {stage === 'outro' && data.outro && (
        <div className="ir-stack">
          <Title focus>{data.outro.title || 'Thank you!'}</Title>
          {data.outro.video && <CaptionedVideo video={data.outro.video} label="Closing video" />}
          <p className="ir-pre">{data.outro.content || 'Your answers have been sent.'}</p>
          <Button variation="primary" onClick={() => setStage('done')}>
            Finish
          </Button>
        </div>
      )}
      {stage === 'done' && (
        <div className="ir-stack ir-done">
          <DoneMark />
          <div className="ir-stack ir-stack--tight" role="status">
            <Title focus>Your interview is complete</Title>
            <p>
              Thank you, {data.candidateName}. Your answers have been sent to {data.companyName}.
            </p>
          </div>
          <NextSteps companyName={data.companyName} />
        </div>
      )}
    </BrandedPage>
  );
};
