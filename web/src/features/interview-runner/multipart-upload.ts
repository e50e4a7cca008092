/**
 * Upload while recording (DESIGN.md §4): chunks are buffered and sent as S3 multipart parts as soon
 * as a part's worth (5 MiB) is there, so Stop leaves at most one part to send. A part stays in
 * memory until S3 has it; a failed PUT is retried with backoff, and while the browser is offline
 * the upload waits for the `online` event instead. Framework-free, so it is unit-tested with a fake
 * fetch.
 */
export interface UploadedPart {
  partNumber: number;
  etag: string;
}

export interface PartUrlSource {
  /** Presigned PUT URLs for the given part numbers. */
  partUrls(partNumbers: number[]): Promise<{ partNumber: number; uploadUrl: string }[]>;
}

export interface UploadEnvironment {
  fetch: typeof fetch;
  isOnline(): boolean;
  /** Resolves when the browser is online again. */
  whenOnline(): Promise<void>;
  sleep(ms: number): Promise<void>;
}

export const browserEnvironment = (): UploadEnvironment => ({
  fetch: (...args) => fetch(...args),
  isOnline: () => navigator.onLine,
  whenOnline: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
  /** Waiting for the network to come back. */
  paused: boolean;
}

const MAX_BACKOFF_MS = 15_000;

/** The server refused the upload for good (the take was replaced, the interview is over): retrying cannot help. */
export class UploadRefused extends Error {
  constructor(readonly cause: unknown) {
    super('upload refused');
    this.name = 'UploadRefused';
  }
}

const refusedForGood = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
};

export class MultipartUpload {
  private buffered: Blob[] = [];
  private bufferedBytes = 0;
  private nextPartNumber = 1;
  private readonly queue: { partNumber: number; blob: Blob }[] = [];
  private readonly done: UploadedPart[] = [];
  private sending: Promise<void> | null = null;
  private cancelled = false;
  private totalBytes = 0;
  private sentBytes = 0;
  private paused = false;
  private refused: UploadRefused | null = null;

  constructor(
    private readonly source: PartUrlSource,
    private readonly minPartBytes: number,
    private readonly onProgress: (progress: UploadProgress) => void = () => undefined,
    private readonly env: UploadEnvironment = browserEnvironment(),
  ) {}

  /** A recorded chunk: buffered, and sent as a part once there is a part's worth. */
  push(chunk: Blob) {
    if (this.cancelled || this.refused || chunk.size === 0) return;
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.size;
    this.totalBytes += chunk.size;
    if (this.bufferedBytes >= this.minPartBytes) this.cut();
    this.report();
  }

  /** Recording stopped: the rest goes as the last part; resolves with every part once S3 has them all. */
  async finish(): Promise<UploadedPart[]> {
    if (this.bufferedBytes > 0 || this.nextPartNumber === 1) this.cut();
    while (this.sending) await this.sending;
    if (this.refused) throw this.refused;
    if (this.cancelled) throw new Error('upload cancelled');
    return [...this.done].sort((a, b) => a.partNumber - b.partNumber);
  }

  /** A retake: stop sending this recording. */
  cancel() {
    this.cancelled = true;
    this.queue.length = 0;
  }

  /** Parts handed over but not yet confirmed by S3. */
  get pendingParts() {
    return this.queue.length + (this.sending ? 1 : 0);
  }

  private cut() {
    this.queue.push({ partNumber: this.nextPartNumber++, blob: new Blob(this.buffered) });
    this.buffered = [];
    this.bufferedBytes = 0;
    this.sending ??= this.drain()
      .catch((error: unknown) => {
        // A cancel or a refusal ends a drain early; finish() reports it.
        if (error instanceof UploadRefused) {
          this.refused = error;
          this.queue.length = 0;
        }
      })
      .finally(() => {
        this.sending = null;
      });
  }

  private report() {
    this.onProgress({ sentBytes: this.sentBytes, totalBytes: this.totalBytes, paused: this.paused });
  }

  private async drain() {
    while (this.queue.length > 0 && !this.cancelled) {
      const part = this.queue[0]!;
      this.done.push({ partNumber: part.partNumber, etag: await this.send(part) });
      this.queue.shift();
      this.sentBytes += part.blob.size;
      this.report();
    }
  }

  private async send(part: { partNumber: number; blob: Blob }): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      if (this.cancelled) throw new Error('upload cancelled');
      if (!this.env.isOnline()) {
        this.paused = true;
        this.report();
        await this.env.whenOnline();
        this.paused = false;
        this.report();
      }
      if (this.cancelled) throw new Error('upload cancelled');
      if (this.refused) throw this.refused;
      try {
        let target: { uploadUrl: string } | undefined;
        try {
          [target] = await this.source.partUrls([part.partNumber]);
        } catch (error) {
          if (refusedForGood(error)) throw new UploadRefused(error);
          throw error;
        }
        const response = await this.env.fetch(target!.uploadUrl, { method: 'PUT', body: part.blob });
        const etag = response.headers.get('etag');
        if (response.ok && etag) return etag;
        throw new Error(`part ${part.partNumber}: HTTP ${response.status}`);
      } catch (error) {
        if (error instanceof UploadRefused) throw error;
        await this.env.sleep(Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt));
      }
    }
  }
}
