import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { OUTRO_CONTENT_MAX, OUTRO_TITLE_MAX } from '../../../../lambdas/contracts/pacing';
import { commonMessages } from '../../config/messages';
import { addContent } from './content-library';
import { ContentLibraryDialog } from './content-library-dialog';
import { DebouncedField } from './debounced-field';
import { KnockoutFields } from './answer-fields';
import { emptyOutro, hasKnockout, setVideo, type EditableInterview, type VideoTarget } from './interview-model';
import { MediaPreview } from './media-preview';
import { EditorIcon, QuestionList } from './question-list';
import './interview-editor.css';
import type { MediaGroups } from './use-media-groups';
import { VideoDialog } from './video-dialog';

/**
 * The interview editor of the wizard and the Questions view (spec §2, §5): an optional intro video,
 * the ordered questions (typed or video), an optional outro (title, message, video), content
 * from the content library, and the video dialog for every video.
 */
export const InterviewEditor = ({
  interview,
  onChange,
  companyId,
  positionId,
  media,
}: {
  interview: EditableInterview;
  onChange: (interview: EditableInterview) => void;
  companyId: string;
  /** The position being edited (left out of the content library); none in the wizard. */
  positionId?: string;
  media: MediaGroups;
}) => {
  const [videoTarget, setVideoTarget] = useState<VideoTarget | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const outro = interview.outro ?? emptyOutro();

  // The video of the intro or outro: a quiet link-style action (the dialog records or uploads it).
  const videoControls = (target: VideoTarget, videoGroupId: string | null | undefined, removeLabel: string) => (
    <div className="editor-question__video">
      <Button size="small" variation="link" className="editor-link-button" onClick={() => setVideoTarget(target)}>
        <EditorIcon name="video" />
        {videoGroupId ? 'Replace video' : 'Add video'}
      </Button>
      {videoGroupId && (
        <Button size="small" variation="link" className="editor-link-button" onClick={() => onChange(setVideo(interview, target, null))}>
          {removeLabel}
        </Button>
      )}
    </div>
  );

  return (
    <Flex direction="column" gap="medium">
      {media.failed && <Alert variation="error">{commonMessages.retrieveDataFailed}</Alert>}
      <Card variation="outlined" padding="medium" as="section" aria-label="Intro">
        <Flex direction="column" gap="small">
          <Heading level={6}>Intro</Heading>
          {interview.intro?.videoGroupId ? (
            <MediaPreview groups={media} groupId={interview.intro.videoGroupId} label="Intro video" />
          ) : (
            <Text fontSize="small" color="font.secondary">
              Optional: a video that welcomes candidates before the questions.
            </Text>
          )}
          {videoControls({ kind: 'intro' }, interview.intro?.videoGroupId, 'Remove intro')}
        </Flex>
      </Card>

      <Flex justifyContent="space-between" alignItems="center">
        <Heading level={6}>Questions</Heading>
        <Button size="small" variation="link" onClick={() => setLibraryOpen(true)}>
          Add from content library
        </Button>
      </Flex>
      <QuestionList
        questions={interview.questions}
        onChange={(questions) => onChange({ ...interview, questions })}
        media={media}
        onRecordVideo={(id) => setVideoTarget(id ? { kind: 'question', ephemeralId: id } : { kind: 'new-question' })}
      />

      {hasKnockout(interview) && <KnockoutFields knockout={interview.knockout} onChange={(knockout) => onChange({ ...interview, knockout })} />}

      <Card variation="outlined" padding="medium" as="section" aria-label="Outro">
        <Flex direction="column" gap="small">
          <Heading level={6}>Outro</Heading>
          <DebouncedField
            label="Outro title"
            placeholder="Thank you!"
            value={outro.title}
            maxLength={OUTRO_TITLE_MAX}
            onChange={(title) => onChange({ ...interview, outro: { ...outro, title } })}
          />
          <DebouncedField
            label="Outro message"
            placeholder="Thank you for your answers. We will be in touch soon."
            value={outro.content}
            maxLength={OUTRO_CONTENT_MAX}
            multiline
            onChange={(content) => onChange({ ...interview, outro: { ...outro, content } })}
          />
          {outro.videoGroupId && <MediaPreview groups={media} groupId={outro.videoGroupId} label="Outro video" />}
          {videoControls({ kind: 'outro' }, outro.videoGroupId, 'Remove video')}
        </Flex>
      </Card>

      <VideoDialog
        open={videoTarget !== null}
        title="Record or upload a video"
        companyId={companyId}
        onClose={() => setVideoTarget(null)}
        onSaved={(video) => {
          if (videoTarget) onChange(setVideo(interview, videoTarget, video));
          setVideoTarget(null);
        }}
      />
      <ContentLibraryDialog
        open={libraryOpen}
        companyId={companyId}
        positionId={positionId}
        onClose={() => setLibraryOpen(false)}
        onAdd={(items) => {
          onChange(addContent(interview, items));
          setLibraryOpen(false);
        }}
      />
    </Flex>
  );
};
