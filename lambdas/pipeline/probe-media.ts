import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { isAudio, sniffContainer } from '../domain/media';
import { objectHead, objectSize } from '../adapters/storage';
import { withLogContext } from '../platform/logger';

/**
 * Pipeline task: checks the upload before any transcoding is paid for: present, not empty, and
 * really a video container (an upload labelled video/mp4 that is not one fails here, visibly); an
 * audio answer's too (WebM/Matroska, Ogg, MP4: the containers browsers record audio in).
 */
const inputSchema = z.object({ mediaId: z.string().check(z.minLength(1)), key: z.string().check(z.minLength(1)), contentType: z.string() });

export class NotAVideo extends Error {
  override name = 'NotAVideo';
}

export const handler = withLogContext('probe-media', async (event: unknown) => {
  const input = inputSchema.parse(event);
  const size = await objectSize(input.key);
  if (!size) throw new NotAVideo('The upload is missing or empty.');
  const container = sniffContainer(await objectHead(input.key));
  const audio = isAudio(input.contentType);
  const fits = container === 'mp4' || container === 'matroska' || container === 'ogg' || (audio && (container === 'mp3' || container === 'wav'));
  if (!fits) throw new NotAVideo(audio ? 'The upload is not an audio file.' : 'The upload is not a video file.');
  return { size, container };
});
