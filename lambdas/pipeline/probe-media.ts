import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { sniffContainer } from '../domain/media';
import { objectHead, objectSize } from '../adapters/storage';
import { withLogContext } from '../platform/logger';

/**
 * Pipeline task: checks the upload before any transcoding is paid for: present, not empty, and
 * really a video container (an upload labelled video/mp4 that is not one fails here, visibly).
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
  if (container !== 'mp4' && container !== 'matroska' && container !== 'ogg') throw new NotAVideo('The upload is not a video file.');
  return { size, container };
});
