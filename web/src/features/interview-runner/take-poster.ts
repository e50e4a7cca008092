import { extractThumbnail } from '../../lib/recorder';

/** A JPEG of what a playing video shows now, as an object URL; null while it has no frame (or the browser cannot draw it). */
export const frameOf = (video: HTMLVideoElement | null): Promise<string | null> =>
  new Promise((resolve) => {
    if (!video || !video.videoWidth || !video.videoHeight) return resolve(null);
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return resolve(null);
    try {
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((jpeg) => resolve(jpeg && jpeg.size > 0 ? URL.createObjectURL(jpeg) : null), 'image/jpeg', 0.85);
    } catch {
      resolve(null);
    }
  });

/**
 * The poster of a take under review, its first frame: the camera preview's frame taken as recording
 * started, or, where there was none, a frame of the recording itself (200 ms in). Null when neither
 * can be had: the player then shows its own first frame once loaded.
 */
export const posterOf = async (firstFrame: Promise<string | null> | null, recorded: Blob): Promise<string | null> => {
  const frame = await (firstFrame ?? Promise.resolve(null));
  if (frame) return frame;
  try {
    return URL.createObjectURL(await extractThumbnail(recorded, 5_000));
  } catch {
    return null;
  }
};
