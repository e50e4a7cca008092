import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';

/** A free TCP port on loopback, for stand-ins the browser never needs a fixed address for. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });

/** Whether something already listens on the port (any interface). */
export const portInUse = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES'));
    server.listen(port, () => server.close(() => resolve(false)));
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stand-in's request body, whole. Past `maxBytes` it fails with what `tooLarge` makes (the
 * stand-in answers it as its service would).
 */
export const readBytes = async (req: IncomingMessage, maxBytes = Infinity, tooLarge = () => new Error('Request body too large')): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

/** The body as UTF-8 text (readBytes). */
export const readText = async (req: IncomingMessage, maxBytes?: number, tooLarge?: () => Error): Promise<string> =>
  (await readBytes(req, maxBytes, tooLarge)).toString('utf8');
