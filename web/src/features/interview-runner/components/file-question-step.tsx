import { useId, useRef, useState } from 'react';
import {
  FILE_ANSWER_MAX_BYTES,
  FILE_ANSWER_TYPES,
  FILE_ANSWER_TYPES_TEXT,
  FILE_TOO_LARGE_MESSAGE,
  WRONG_FILE_TYPE_MESSAGE,
} from '../../../../../lambdas/contracts/media-types';
import { errorMessage } from '../../../api/client';
import { startFileAnswerCall, submitFileAnswerCall, type Interview } from '../api';
import { messages } from '../messages';
import type { UploadProgress } from '../multipart-upload';
import { UploadBar } from './upload-bar';
import { FilePicker } from './file-picker';
import { QuestionHeading } from './question-heading';
import { Alert, Button } from './ui';

const maxMegabytes = FILE_ANSWER_MAX_BYTES / 1024 / 1024;
/** What the picker offers: the types and their extensions (the server still reads the type from the bytes). */
const accept = FILE_ANSWER_TYPES.flatMap((t) => [t.contentType, `.${t.extension}`, ...(t.extension === 'jpg' ? ['.jpeg'] : [])]).join(',');

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** A file the picker gave, checked before anything is sent: its size, and a type the list names (by its type or its extension). */
export const fileProblem = (file: { name: string; type: string; size: number }): string | null => {
  if (file.size === 0) return messages.emptyFile;
  if (file.size > FILE_ANSWER_MAX_BYTES) return FILE_TOO_LARGE_MESSAGE;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const known = FILE_ANSWER_TYPES.some((t) => t.contentType === file.type || t.extension === extension || (t.extension === 'jpg' && extension === 'jpeg'));
  return known ? null : WRONG_FILE_TYPE_MESSAGE;
};

/** One PUT of the whole file to its presigned URL, with its progress (fetch has none for uploads). */
const putFile = (url: string, contentType: string, file: File, onProgress: (p: UploadProgress) => void) =>
  new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => onProgress({ sentBytes: event.loaded, totalBytes: event.total || file.size, paused: false });
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(messages.uploadFailure)));
    request.onerror = () => reject(new Error(messages.uploadFailure));
    request.send(file);
  });

/**
 * A file question (issue 39): a styled picker over the native file input (keyboard and screen
 * readers use the input), the types and size it takes, a clear message for a wrong type or size
 * before anything is sent, an upload bar, and Submit. The server reads the type from the bytes and
 * says so when the file is not what its name claims; another file may then be chosen.
 */
export const FileQuestionStep = ({
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
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);

  const choose = (picked: File | undefined) => {
    setError(null);
    setProgress(null);
    setFile(null);
    if (!picked) return;
    const problem = fileProblem(picked);
    if (problem) return setError(problem);
    setFile(picked);
  };
  const send = async () => {
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    try {
      const started = await startFileAnswerCall(token, index, file.name, file.size);
      await putFile(started.uploadUrl, started.uploadContentType, file, setProgress);
      const { completed } = await submitFileAnswerCall(token, started.answerId);
      onSubmitted(completed);
    } catch (e) {
      setError(errorMessage(e, messages.uploadFailure));
      setProgress(null);
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ir-stack">
      <QuestionHeading index={index} total={total} question={question} focus />
      <p id={hintId} className="ir-small ir-secondary">
        Upload a {FILE_ANSWER_TYPES_TEXT} file of up to {maxMegabytes} MB.
      </p>
      <FilePicker
        label="Your file"
        accept={accept}
        chooseText={file ? 'Choose another file' : 'Choose a file'}
        chosenText={file ? `${file.name} (${sizeText(file.size)})` : 'No file chosen yet'}
        describedBy={hintId}
        disabled={busy}
        inputRef={input}
        onChoose={choose}
      />
      {progress && progress.totalBytes > 0 && <UploadBar what="file" progress={progress} done={progress.sentBytes >= progress.totalBytes} />}
      {error && <Alert variation="error">{error}</Alert>}
      <Button variation="primary" disabled={!file} isLoading={busy} loadingText="Uploading..." onClick={() => void send()}>
        Submit answer
      </Button>
    </div>
  );
};
