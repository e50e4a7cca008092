// Minimal typings for local stand-ins that ship without them.
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (s3rver is a Koa app); local fixes run before s3rver's own. */
    middleware: ((ctx: any, next: () => Promise<unknown>) => unknown)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module 'aws-ses-v2-local/dist/store.js' {
  export interface StoredEmail {
    messageId: string;
    from: string;
    replyTo: string[];
    destination: { to: string[]; cc: string[]; bcc: string[] };
    subject: string;
    body: { html?: string; text?: string };
    attachments: unknown[];
    at: number;
  }
  export const saveEmail: (email: StoredEmail) => void;
  export const clearStore: () => void;
  export const getStoreReadonly: () => { emails: readonly StoredEmail[] };
}

declare module 'aws-ses-v2-local' {
  import type { Server } from 'node:http';
  const server: (config?: { host?: string; port?: number }) => Promise<Server>;
  export default server;
}
