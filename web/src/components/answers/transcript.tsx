import { Heading } from '@aws-amplify/ui-react';
import type { RefObject } from 'react';
import { type TranscriptStatus } from '../../../../lambdas/contracts/vocabulary';
import './answers.css';

export interface TranscriptView {
  transcriptStatus: TranscriptStatus;
  paragraphs: { startMillis: number; content: string }[];
}

/** 75000 → "1:15". */
export const timestamp = (millis: number) => {
  const seconds = Math.floor(millis / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * An answer's transcript (spec §2, §4): "Transcribing answer..." while it is made, then paragraphs
 * whose timestamps seek the video. ('none': the answer's processing has not reached transcription
 * yet.)
 */
export const Transcript = ({
  transcript,
  video,
  headingLevel = 6,
}: {
  transcript: TranscriptView | undefined;
  video: RefObject<HTMLMediaElement | null>;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}) => {
  const status = transcript?.transcriptStatus;
  return (
    <section className="transcript" aria-label="Transcript">
      <Heading level={headingLevel} className="transcript__title">
        Transcript
      </Heading>
      {!transcript || status === 'none' || status === 'created' || status === 'submitted' ? (
        <p className="transcript__status" role="status">
          Transcribing answer...
        </p>
      ) : status === 'failed' ? (
        <p className="transcript__status transcript__status--error">The transcript could not be made for this answer.</p>
      ) : transcript.paragraphs.length === 0 ? (
        <p className="transcript__status">No speech was found in this answer.</p>
      ) : (
        <ol className="transcript__lines">
          {transcript.paragraphs.map((p) => (
            <li key={p.startMillis} className="transcript__line">
              <button
                type="button"
                className="transcript__time"
                onClick={() => {
                  if (video.current) video.current.currentTime = p.startMillis / 1000;
                }}
                aria-label={`Play from ${timestamp(p.startMillis)}`}
              >
                {timestamp(p.startMillis)}
              </button>
              <p className="transcript__text">{p.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};
