import { useState } from 'react';
import { AUDIO_CONTENT_TYPES, VIDEO_CONTENT_TYPES } from '../../../../../lambdas/contracts/media-types';
import { errorMessage } from '../../../api/client';
import { partUrlSource, startAnswerCall, submitAnswerCall, type Interview } from '../api';
import { messages } from '../messages';
import { MultipartUpload, type UploadProgress } from '../multipart-upload';
import { UploadBar } from './upload-bar';
import { FilePicker } from './file-picker';
import { QuestionHeading } from './question-heading';
import { Alert, Button } from './ui';

/**
 * The containers an answer may come in: the contracts' ANSWER_CONTENT_TYPES is this list, taken from
 * its plain-data module so that no zod schema comes with it into the candidate's bundle.
 */
const ANSWER_CONTENT_TYPES: readonly string[] = VIDEO_CONTENT_TYPES;
/** An audio-only question's (issue 39): the server's audio types. */
const AUDIO_ANSWER_TYPES: readonly string[] = AUDIO_CONTENT_TYPES;

/** Where the browser cannot record: the answer is a video file, sent in the same multipart parts. */
export const FileAnswer = ({
  token,
  index,
  total,
  question,
  onSubmitted,
}: {
  token: string;
  index: number;
  total: number;
  question: Interview['questions'][number];
  onSubmitted: (completed: boolean) => void;
}) => {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const audio = question.answer.answerType === 'audio';
  const kind = audio ? 'audio file' : 'video';

  const choose = (picked: File | undefined) => {
    setError(null);
    setFile(null);
    if (!picked) return;
    if (audio ? !AUDIO_ANSWER_TYPES.includes(picked.type) : !picked.type.startsWith('video/') || !ANSWER_CONTENT_TYPES.includes(picked.type))
      return setError(audio ? messages.mustBeAudio : messages.mustBeVideo);
    if (picked.size === 0) return setError(messages.emptyFile);
    setFile(picked);
  };
  const send = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const started = await startAnswerCall(token, index, file.type);
      const upload = new MultipartUpload(partUrlSource(token, started.answerId), started.minPartBytes, setProgress);
      for (let offset = 0; offset < file.size; offset += started.minPartBytes) upload.push(file.slice(offset, offset + started.minPartBytes));
      const { completed } = await submitAnswerCall(token, started.answerId, await upload.finish());
      onSubmitted(completed);
    } catch (e) {
      setError(errorMessage(e, messages.uploadFailure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ir-stack">
      <QuestionHeading index={index} total={total} question={question} />
      <Alert variation="info">
        {messages.recordMedia} Record your answer with another app, then upload the {audio ? 'audio' : 'video'} here.
      </Alert>
      <FilePicker
        label={audio ? 'Audio answer' : 'Video answer'}
        accept={audio ? 'audio/*' : 'video/*'}
        chooseText={file ? `Choose another ${kind}` : `Choose ${audio ? 'an' : 'a'} ${kind}`}
        chosenText={file ? file.name : `No ${kind} chosen yet`}
        onChoose={choose}
      />
      {progress && progress.totalBytes > 0 && <UploadBar progress={progress} done={progress.sentBytes >= progress.totalBytes} />}
      {error && <Alert variation="error">{error}</Alert>}
      <Button variation="primary" disabled={!file} isLoading={busy} loadingText="Uploading..." onClick={() => void send()}>
        Submit answer
      </Button>
    </div>
  );
};
