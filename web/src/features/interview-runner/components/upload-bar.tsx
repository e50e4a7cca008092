import type { UploadProgress } from '../multipart-upload';

/** The share of a take that S3 has, in whole percent (0 before anything was recorded). */
export const uploadPercent = (progress: UploadProgress | null) =>
  !progress || progress.totalBytes === 0 ? 0 : Math.min(100, Math.floor((progress.sentBytes / progress.totalBytes) * 100));

/** Said while the network is away: nothing is lost, the upload goes on by itself. */
export const CONNECTION_LOST = 'Connection lost: your answer is kept and the upload resumes when you are back online.';

/**
 * A take's upload as a bar (role="progressbar" with its value) under words that say what it is
 * doing: uploading, uploaded, or waiting for the connection to come back. `done`: every part is at S3.
 */
export const UploadBar = ({ progress, done = false, what = 'video' }: { progress: UploadProgress | null; done?: boolean; what?: 'video' | 'file' }) => {
  const percent = done ? 100 : uploadPercent(progress);
  const paused = !done && (progress?.paused ?? false);
  return (
    <div className={paused ? 'ir-upload ir-upload--paused' : done ? 'ir-upload ir-upload--done' : 'ir-upload'}>
      <div className="ir-upload__text">
        <span aria-live="polite" data-testid="upload-status">
          {paused ? CONNECTION_LOST : done ? (what === 'file' ? 'File uploaded' : 'Video uploaded') : `Uploading the ${what}…`}
        </span>
        <span className="ir-upload__percent" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        className="ir-progress"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% uploaded`}
      >
        <div className="ir-progress__value" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
};
