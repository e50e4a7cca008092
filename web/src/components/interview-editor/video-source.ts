import type { RecorderChoice } from '../../lib/recorder';

/**
 * How the video dialog records (spec §9 Recorder; issue 30): with MediaRecorder, through the
 * live-recording service (no MediaRecorder, none of the preferred formats, or the force-recorder-service
 * flag), or not at all (upload a file). Framework-free, so it is tested in node.
 */
export type DialogSource = { mode: 'record'; recorder: 'media-recorder' | 'live' } | { mode: 'upload' };

/**
 * The dialog's first mode and its recorder, from `recorderChoiceHere()`. Where the choice is a file
 * but MediaRecorder exists (none of the formats and no WebRTC), recording stays the mode, as before:
 * the recorder then says "Unable to record a supported video format.".
 */
export const dialogSource = (choice: RecorderChoice, mediaRecorderExists: boolean): DialogSource => {
  if (choice.kind === 'live') return { mode: 'record', recorder: 'live' };
  if (choice.kind === 'media-recorder' || mediaRecorderExists) return { mode: 'record', recorder: 'media-recorder' };
  return { mode: 'upload' };
};

/** A video recorded live: the group its media is in (processed by the server once joined) and its length. */
export interface LiveTake {
  videoGroupId: string;
  seconds: number;
}
