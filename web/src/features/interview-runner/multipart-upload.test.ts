import { describe, expect, it } from 'vitest';
import { MultipartUpload, UploadRefused, type UploadEnvironment, type UploadProgress } from './multipart-upload';

const MiB = 1024 * 1024;
const chunk = (bytes: number) => new Blob([new Uint8Array(bytes)]);

/** A fake S3: records each PUT's size, answers with an ETag, and can fail or be offline on demand. */
const fakeS3 = () => {
  const puts: { url: string; size: number }[] = [];
  const state = { online: true, failNext: 0, onlineWaiters: [] as (() => void)[], sleeps: [] as number[] };
  const env: UploadEnvironment = {
    fetch: (async (url: string, init: RequestInit) => {
      if (!state.online) throw new TypeError('Failed to fetch');
      if (state.failNext > 0) {
        state.failNext -= 1;
        return new Response('', { status: 500 });
      }
      puts.push({ url, size: (init.body as Blob).size });
      return new Response('', { status: 200, headers: { etag: `"etag-${url.split('=')[1]}"` } });
    }) as typeof fetch,
    isOnline: () => state.online,
    whenOnline: () => new Promise((resolve) => state.onlineWaiters.push(resolve)),
    sleep: async (ms) => {
      state.sleeps.push(ms);
    },
  };
  const goOnline = () => {
    state.online = true;
    state.onlineWaiters.splice(0).forEach((resolve) => resolve());
  };
  const source = {
    partUrls: async (numbers: number[]) => numbers.map((partNumber) => ({ partNumber, uploadUrl: `https://s3.local/part?n=${partNumber}` })),
  };
  return { puts, state, env, goOnline, source };
};

describe('MultipartUpload', () => {
  it('sends a part as soon as 5 MiB are buffered, and the rest as the last part on finish', async () => {
    const s3 = fakeS3();
    const upload = new MultipartUpload(s3.source, 5 * MiB, undefined, s3.env);
    for (let i = 0; i < 12; i++) upload.push(chunk(MiB));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s3.puts.map((p) => p.size)).toEqual([5 * MiB, 5 * MiB]);
    const parts = await upload.finish();
    expect(s3.puts.map((p) => p.size)).toEqual([5 * MiB, 5 * MiB, 2 * MiB]);
    expect(parts).toEqual([
      { partNumber: 1, etag: '"etag-1"' },
      { partNumber: 2, etag: '"etag-2"' },
      { partNumber: 3, etag: '"etag-3"' },
    ]);
  });

  it('sends a short recording as one part', async () => {
    const s3 = fakeS3();
    const upload = new MultipartUpload(s3.source, 5 * MiB, undefined, s3.env);
    upload.push(chunk(1000));
    upload.push(chunk(500));
    expect(await upload.finish()).toEqual([{ partNumber: 1, etag: '"etag-1"' }]);
    expect(s3.puts.map((p) => p.size)).toEqual([1500]);
  });

  it('retries a failed part with growing waits, keeping its bytes', async () => {
    const s3 = fakeS3();
    s3.state.failNext = 3;
    const upload = new MultipartUpload(s3.source, 5 * MiB, undefined, s3.env);
    upload.push(chunk(6 * MiB));
    const parts = await upload.finish();
    expect(parts).toEqual([{ partNumber: 1, etag: '"etag-1"' }]);
    expect(s3.puts.map((p) => p.size)).toEqual([6 * MiB]);
    expect(s3.state.sleeps).toEqual([500, 1000, 2000]);
  });

  it('pauses while offline and resumes when the network returns, losing nothing recorded meanwhile', async () => {
    const s3 = fakeS3();
    const progress: UploadProgress[] = [];
    const upload = new MultipartUpload(s3.source, 5 * MiB, (p) => progress.push(p), s3.env);
    s3.state.online = false;
    upload.push(chunk(5 * MiB));
    upload.push(chunk(3 * MiB));
    upload.push(chunk(3 * MiB));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s3.puts).toEqual([]);
    expect(progress.at(-1)?.paused).toBe(true);
    const finished = upload.finish();
    s3.goOnline();
    const parts = await finished;
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2]);
    expect(s3.puts.map((p) => p.size)).toEqual([5 * MiB, 6 * MiB]);
    expect(progress.at(-1)).toEqual({ sentBytes: 11 * MiB, totalBytes: 11 * MiB, paused: false });
  });

  it('stops sending after a cancel (a retake)', async () => {
    const s3 = fakeS3();
    s3.state.online = false;
    const upload = new MultipartUpload(s3.source, 5 * MiB, undefined, s3.env);
    upload.push(chunk(5 * MiB));
    upload.cancel();
    s3.goOnline();
    await expect(upload.finish()).rejects.toThrow('upload cancelled');
    expect(s3.puts).toEqual([]);
  });

  it('gives up at once when the server refuses the part URLs for good (the take was replaced), but not on a server error', async () => {
    const s3 = fakeS3();
    let calls = 0;
    const refusing = {
      partUrls: async (_numbers: number[]) => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('busy'), { status: 503 });
        throw Object.assign(new Error('gone'), { status: 404 });
      },
    };
    const upload = new MultipartUpload(refusing, 5 * MiB, undefined, s3.env);
    upload.push(chunk(5 * MiB));
    await expect(upload.finish()).rejects.toBeInstanceOf(UploadRefused);
    expect(calls).toBe(2);
    expect(s3.puts).toEqual([]);
    upload.push(chunk(MiB)); // a late chunk changes nothing
    await expect(upload.finish()).rejects.toBeInstanceOf(UploadRefused);
    expect(calls).toBe(2);
  });
});
