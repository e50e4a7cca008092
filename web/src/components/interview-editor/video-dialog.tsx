import { Alert, Button, Flex, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import type { ANSWER_CONTENT_TYPES } from '../../../../lambdas/contracts/interview';
import { errorMessage } from '../../api/client';
import { completeMediaUploadsCall, newMediaGroupId, uploadToGroup } from '../../api/media';
import { canRecord, extractThumbnail, recorderChoiceHere, recorderMessages, videoFileProblem } from '../../lib/recorder';
import { Dialog } from '../dialog';
import { FileDropZone } from '../file-drop-zone';
import type { SavedVideo } from './interview-model';
import { LiveVideoRecorder } from './live-video-recorder';
import { clock } from '../../lib/take';
import { dialogSource, type LiveTake } from './video-source';
import { VideoRecorder } from './video-recorder';

/**
 * The video types the server takes (the same list for answers and team uploads), written out so
 * the hiring app does not load the candidate contracts (and zod); the types keep the lists equal.
 */
type ServerVideoType = (typeof ANSWER_CONTENT_TYPES)[number];
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska', 'video/ogg'] as const satisfies readonly ServerVideoType[];
const _sameList: [Exclude<ServerVideoType, (typeof VIDEO_TYPES)[number]>] extends [never] ? true : false = true;

interface Chosen {
  video: Blob;
  contentType: string;
  fileName?: string;
  thumbnail: Blob;
  url: string;
}

/**
 * Record or upload a video (spec §2 Other dialogs, §4 Recorder, §5 Upload): the recording or file
 * and a PNG taken 200 ms in go straight to S3 with presigned URLs, are completed (which starts
 * processing) and come back as {videoGroupId, thumbnailImageGroupId}.
 *
 * Where the browser cannot record, or the force-recorder-service flag is set (spec §9, issue 30),
 * the video is recorded live: the service records it into its group and processes it itself, so
 * saving only hands the group back. There is no local video, so no PNG of it: such a video has no
 * thumbnail image group, and the previews use the thumbnail the pipeline makes of every video.
 */
export const VideoDialog = ({
  open,
  title,
  companyId,
  onClose,
  onSaved,
}: {
  open: boolean;
  title: string;
  companyId: string;
  onClose: () => void;
  onSaved: (video: SavedVideo) => void;
}) => (
  <Dialog title={title} open={open} onClose={onClose} width="720px" height="680px">
    <VideoDialogBody companyId={companyId} onCancel={onClose} onSaved={onSaved} />
  </Dialog>
);

const VideoDialogBody = ({ companyId, onCancel, onSaved }: { companyId: string; onCancel: () => void; onSaved: (video: SavedVideo) => void }) => {
  const [source] = useState(() => dialogSource(recorderChoiceHere(), canRecord()));
  const [mode, setMode] = useState<'record' | 'upload'>(source.mode);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [liveTake, setLiveTake] = useState<LiveTake | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The file picked in upload mode, and what is wrong with it (shown in the drop zone).
  const [picked, setPicked] = useState<{ name: string; size: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);
  // A live video is recorded: Save is what comes next (the recorder and its Stop button are gone).
  useEffect(() => {
    if (liveTake) saveButton.current?.focus();
  }, [liveTake]);

  /** A thumbnail must be extracted before a video can be kept (spec §5). */
  const take = async (video: Blob, contentType: string, thumbnailFailure: string, fileName?: string) => {
    setError(null);
    setPreparing(true);
    try {
      const thumbnail = await extractThumbnail(video);
      setChosen({ video, contentType, fileName, thumbnail, url: URL.createObjectURL(video) });
    } catch {
      setError(thumbnailFailure);
    } finally {
      setPreparing(false);
    }
  };

  const pick = (file: File) => {
    setError(null);
    setFileError(null);
    setChosen(null);
    setPicked({ name: file.name, size: file.size });
    const problem = videoFileProblem(file, VIDEO_TYPES);
    if (problem) return setFileError(problem);
    void take(file, file.type.split(';')[0]!.toLowerCase(), recorderMessages.extractThumbnail, file.name);
  };

  const save = async () => {
    // Recorded live: already in its group and processing.
    if (liveTake) return onSaved({ videoGroupId: liveTake.videoGroupId, thumbnailImageGroupId: null });
    if (!chosen) return;
    setSaving(true);
    setError(null);
    const videoGroupId = newMediaGroupId();
    const thumbnailImageGroupId = newMediaGroupId();
    let failure: string = recorderMessages.uploadFailure;
    try {
      const videoId = await uploadToGroup(companyId, videoGroupId, chosen.video, chosen.contentType, chosen.fileName);
      failure = recorderMessages.uploadThumbnail;
      const thumbnailId = await uploadToGroup(companyId, thumbnailImageGroupId, chosen.thumbnail, 'image/png');
      failure = recorderMessages.saveVideo;
      await completeMediaUploadsCall([videoId, thumbnailId]);
      onSaved({ videoGroupId, thumbnailImageGroupId });
    } catch (e) {
      // The upload is aborted (spec §8); the chosen video stays, so Save can be tried again.
      setError(errorMessage(e, failure));
      setSaving(false);
    }
  };

  return (
    <Flex direction="column" gap="medium">
      {!chosen && !liveTake && (
        <ToggleButtonGroup
          value={mode}
          isExclusive
          isSelectionRequired
          onChange={(value) => {
            setError(null);
            setFileError(null);
            setMode(value as 'record' | 'upload');
          }}
          aria-label="Video source"
        >
          <ToggleButton value="record">Record</ToggleButton>
          <ToggleButton value="upload">Upload a file</ToggleButton>
        </ToggleButtonGroup>
      )}
      {chosen ? (
        <video
          src={chosen.url}
          controls
          playsInline
          aria-label="Your video"
          style={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 8, background: '#000' }}
        />
      ) : liveTake ? (
        <Text role="status" fontWeight="semibold">
          Your video is recorded ({clock(liveTake.seconds)}).
        </Text>
      ) : mode === 'record' ? (
        source.mode === 'record' && source.recorder === 'live' ? (
          <LiveVideoRecorder companyId={companyId} onRecorded={setLiveTake} />
        ) : (
          !preparing && <VideoRecorder onRecorded={(video, contentType) => void take(video, contentType, recorderMessages.captureThumbnail)} />
        )
      ) : (
        <FileDropZone
          label="Video file"
          accept="video/*"
          hint="MP4, WebM, QuickTime, Matroska or Ogg."
          file={picked}
          error={fileError}
          disabled={preparing}
          onFile={pick}
        />
      )}
      {preparing && <Text role="status">Preparing video...</Text>}
      {error && <Alert variation="error">{error}</Alert>}
      <Flex gap="small" justifyContent="flex-end">
        {chosen && (
          <Button
            isDisabled={saving}
            onClick={() => {
              setChosen(null);
              setPicked(null);
            }}
          >
            {mode === 'record' ? 'Record again' : 'Choose another file'}
          </Button>
        )}
        {liveTake && <Button onClick={() => setLiveTake(null)}>Record again</Button>}
        <Button variation="link" isDisabled={saving} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          ref={saveButton}
          variation="primary"
          isDisabled={!chosen && !liveTake}
          isLoading={saving}
          loadingText="Saving..."
          onClick={() => void save()}
        >
          Save video
        </Button>
      </Flex>
    </Flex>
  );
};
