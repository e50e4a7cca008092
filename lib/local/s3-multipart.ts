import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { readBytes } from './net';

/**
 * s3rver's multipart uploads are laxer than S3's: it cannot abort an upload, and it joins parts
 * without checking their ETags or sizes. This middleware (run before s3rver's own) makes the local
 * stand-in behave like S3 where the product relies on it: AbortMultipartUpload works, and
 * CompleteMultipartUpload refuses a missing or altered part (InvalidPart) and parts under 5 MiB
 * except the last (EntityTooSmall).
 */
const MIN_PART_BYTES = 5 * 1024 * 1024;

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  req: IncomingMessage;
  status: number;
  type: string;
  body: unknown;
}

const s3Error = (ctx: KoaContext, status: number, code: string, message: string) => {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
};

export const multipartFidelity =
  (directory: string) =>
  async (ctx: KoaContext, next: () => Promise<unknown>): Promise<unknown> => {
    const uploadId = ctx.query.uploadId;
    if (!uploadId || !/^[a-f0-9]+$/.test(uploadId)) return next();
    const bucket = decodeURIComponent(ctx.path.split('/')[1] ?? '');
    const uploadDir = path.join(directory, bucket, '._S3rver_uploads', uploadId);

    if (ctx.method === 'DELETE') {
      if (!existsSync(uploadDir)) return s3Error(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      rmSync(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    if (ctx.method !== 'POST') return next();

    const body = await readBytes(ctx.req);
    const parts = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
      number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1]!)?.[1]),
      etag: (/<ETag>([^<]*)<\/ETag>/.exec(m[1]!)?.[1] ?? '').replace(/&quot;|"/g, ''),
    }));
    if (!existsSync(uploadDir)) return s3Error(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    for (const [i, part] of parts.entries()) {
      const file = path.join(uploadDir, String(part.number));
      if (!existsSync(file) || readFileSync(`${file}.md5`, 'utf8') !== part.etag) {
        return s3Error(ctx, 400, 'InvalidPart', 'One or more of the specified parts could not be found or its entity tag did not match.');
      }
      if (i < parts.length - 1 && statSync(file).size < MIN_PART_BYTES) {
        return s3Error(ctx, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
      }
      if (i > 0 && part.number <= parts[i - 1]!.number) return s3Error(ctx, 400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
    }
    // s3rver reads the body itself: hand it the same bytes again.
    const replay = Readable.from([body]) as unknown as IncomingMessage;
    Object.assign(replay, { headers: ctx.req.headers, method: ctx.req.method, url: ctx.req.url });
    ctx.req = replay;
    return next();
  };
