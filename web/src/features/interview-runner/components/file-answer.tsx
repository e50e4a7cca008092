import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ANSWER_CONTENT_TYPES } from '../../../../../lambdas/contracts/interview';
import { errorMessage } from '../../../api/client';
import { partUrlSource, startAnswerCall, submitAnswerCall, type Interview } from '../api';
import { messages } from '../messages';
import { MultipartUpload, type UploadProgress } from '../multipart-upload';
import { PageTitle } from '../../../components/page-title';

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

  const choose = (picked: File | undefined) => {
    setError(null);
    setFile(null);
    if (!picked) return;
    if (!picked.type.startsWith('video/') || !(ANSWER_CONTENT_TYPES as readonly string[]).includes(picked.type))
      return setError(messages.mustBeVideo);
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
    <Flex direction="column" gap="medium">
      <Text color="font.secondary">
        Question {index + 1} of {total}
      </Text>
      <PageTitle>{question.title || `Question ${index + 1}`}</PageTitle>
      {question.content && <Text whiteSpace="pre-wrap">{question.content}</Text>}
      <Alert variation="info">{messages.recordMedia} Record your answer with another app, then upload the video here.</Alert>
      <input type="file" accept="video/*" aria-label="Video answer" onChange={(e) => choose(e.target.files?.[0])} />
      {progress && progress.totalBytes > 0 && (
        <Text fontSize="small">Uploading… {Math.floor((progress.sentBytes / progress.totalBytes) * 100)}%</Text>
      )}
      {error && <Alert variation="error">{error}</Alert>}
      <Button variation="primary" isDisabled={!file} isLoading={busy} loadingText="Uploading..." onClick={() => void send()} alignSelf="flex-start">
        Submit answer
      </Button>
    </Flex>
  );
};
