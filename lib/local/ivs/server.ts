import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { S3Client } from '@aws-sdk/client-s3';
import { freePort } from '../net';
import { controlPlaneHandler, sendJson } from './control-plane';
import { REGION, type IvsEvent } from './recording';
import { createStageRegistry } from './stages';
import { createTokenSigner } from './tokens';
import { whipHandler } from './whip-endpoint';

/**
 * Amazon IVS real-time streaming, locally (DESIGN.md §6), in one HTTP server:
 * - the control plane the official `@aws-sdk/client-ivs-realtime` calls through
 *   AWS_ENDPOINT_URL_IVS_REALTIME, in its REST-JSON protocol (`POST /CreateStage`, `/GetStage`,
 *   `/DeleteStage`, `/CreateParticipantToken`, `/DisconnectParticipant`; errors as the SDK parses
 *   them: `x-amzn-ErrorType` and `{ exceptionMessage }`, ValidationException 400,
 *   ResourceNotFoundException 404, AccessDeniedException 403);
 * - the WHIP endpoint a stage's `endpoints.whip` names (`<endpoint>/whip`): a POST there is
 *   redirected (307) to the "regional" resource `<endpoint>/whip/regional/us-east-1`, as IVS's global
 *   endpoint redirects, which answers the offer (201, `Location: <endpoint>/whip/regional/us-east-1/sessions/<id>`);
 *   `DELETE <Location>` ends the session. Both take the participant token as `Authorization: Bearer`;
 * - individual participant recording into the S3 stand-in (./recording.ts), announced through
 *   `deliverEvent` as EventBridge would deliver IVS's events.
 * Stages, tokens and sessions live in memory (./stages.ts), like the stages' short lives in AWS. The
 * control plane is in ./control-plane.ts, the WHIP endpoint in ./whip-endpoint.ts.
 */
export interface IvsRealtimeLocalOptions {
  /** Storage configuration ARN → bucket name. */
  storageConfigurations: Record<string, string>;
  s3: { endpoint: string; credentials: { accessKeyId: string; secretAccessKey: string } };
  /** Where recordings are assembled before upload. */
  workDir: string;
  /** Hands an event to EventBridge's rules (lib/local/events.ts). */
  deliverEvent: (event: IvsEvent) => Promise<void>;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface IvsRealtimeLocal {
  /** The control plane's endpoint (AWS_ENDPOINT_URL_IVS_REALTIME). */
  endpoint: string;
  /** The WHIP URL every stage's `endpoints.whip` gives. */
  whipUrl: string;
  /** Resolves once no recording is being written or waiting out its reconnect window. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export const startIvsRealtimeLocal = async (options: IvsRealtimeLocalOptions): Promise<IvsRealtimeLocal> => {
  const log = options.log ?? (() => undefined);
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const whipUrl = `${endpoint}/whip`;
  const regionalWhip = `${endpoint}/whip/regional/${REGION}`;
  const signer = createTokenSigner();
  const s3 = new S3Client({ endpoint: options.s3.endpoint, region: REGION, credentials: options.s3.credentials, forcePathStyle: true });
  const registry = createStageRegistry();
  const handleControlPlane = controlPlaneHandler({ registry, signer, storageConfigurations: options.storageConfigurations, port, whipUrl });
  const handleWhip = whipHandler({
    registry,
    signer,
    s3,
    storageConfigurations: options.storageConfigurations,
    workDir: options.workDir,
    deliverEvent: options.deliverEvent,
    log,
    regionalWhip,
  });

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', endpoint);
    const handled = pathname.startsWith('/whip')
      ? handleWhip(req, res, pathname)
      : req.method === 'POST'
        ? handleControlPlane(req, res, pathname.slice(1))
        : Promise.resolve(void sendJson(res, 404, { message: 'Not found' }, { 'x-amzn-errortype': 'UnknownOperationException' }));
    handled.catch((error: unknown) => {
      log('IVS stand-in: request failed', { error: String(error) });
      if (!res.headersSent) sendJson(res, 500, { exceptionMessage: String(error) }, { 'x-amzn-errortype': 'InternalServerException' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    endpoint,
    whipUrl,
    idle: registry.idle,
    stop: async () => {
      for (const stage of registry.stages.values())
        for (const participant of stage.participants.values()) {
          participant.recording?.abandon();
          await participant.whip?.close().catch(() => undefined);
        }
      registry.stages.clear();
      registry.sessions.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      rmSync(options.workDir, { recursive: true, force: true });
    },
  };
};
