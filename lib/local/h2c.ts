import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { createServer as createNetServer, type Socket } from 'node:net';
import { Duplex } from 'node:stream';

/**
 * One loopback port answering both HTTP/1.1 and cleartext HTTP/2 (h2c with prior knowledge), as an AWS
 * endpoint answers both: some SDK clients (Bedrock Runtime's) talk HTTP/2 by default, the rest and
 * `fetch` HTTP/1.1. Each connection's first bytes tell which: HTTP/2's connection preface goes to an
 * HTTP/2 server, anything else to an HTTP/1.1 one; both hand requests to the same handler (Node's
 * HTTP/2 compatibility API gives it the same request and response interface, the pseudo-headers
 * `:method`, `:path`, `:authority`… among the request's headers).
 */
export type AnyRequest = IncomingMessage | Http2ServerRequest;
export type AnyResponse = ServerResponse | Http2ServerResponse;

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');

export interface DualServer {
  /** The HTTP/1.1 server, for its settings (keepAliveTimeout…). */
  http1: ReturnType<typeof createHttpServer>;
  listen(port: number): Promise<void>;
  close(): Promise<void>;
}

export const createHttp1AndH2cServer = (handler: (req: IncomingMessage, res: ServerResponse) => void): DualServer => {
  const http1 = createHttpServer(handler);
  // The compatibility API's request and response stand in for HTTP/1.1's (method, url, headers, writeHead, pipe).
  const http2 = createHttp2Server((req, res) => handler(req as unknown as IncomingMessage, res as unknown as ServerResponse));
  const sockets = new Set<Socket>();
  const net = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      const isHttp2 = first.length >= 3 && first.subarray(0, PREFACE.length).equals(PREFACE.subarray(0, Math.min(first.length, PREFACE.length)));
      if (!isHttp2) {
        socket.pause();
        socket.unshift(first);
        http1.emit('connection', socket);
        socket.resume();
        return;
      }
      // HTTP/2's session reads a net socket natively, past bytes already read in JavaScript: it gets
      // a stream of its own carrying the socket's bytes, the first chunk included.
      const stream = new Duplex({
        read: () => void socket.resume(),
        write: (chunk: Buffer, _encoding, done) => void socket.write(chunk, done),
        final: (done) => void socket.end(done),
        destroy: (error, done) => {
          socket.destroy();
          done(error);
        },
      });
      stream.push(first);
      socket.on('data', (chunk: Buffer) => {
        if (!stream.push(chunk)) socket.pause();
      });
      socket.on('end', () => stream.push(null));
      socket.on('error', (error) => stream.destroy(error));
      socket.on('close', () => stream.destroy());
      http2.emit('connection', stream);
    });
  });
  return {
    http1,
    listen: (port) =>
      new Promise<void>((resolve, reject) => {
        net.once('error', reject);
        net.listen(port, '127.0.0.1', () => resolve());
      }),
    close: () =>
      new Promise<void>((resolve) => {
        net.close(() => resolve());
        http1.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
};

/** A request's headers without HTTP/2's pseudo-headers, its `:authority` as `host` (to forward it over HTTP/1.1). */
export const http1Headers = (headers: IncomingMessage['headers']): IncomingMessage['headers'] => {
  const kept: IncomingMessage['headers'] = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) kept[name] = value;
  if (kept.host === undefined && typeof headers[':authority'] === 'string') kept.host = headers[':authority'];
  return kept;
};
