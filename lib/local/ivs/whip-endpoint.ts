import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { readText } from '../net';
import { ParticipantRecording, REGION, type IvsEvent } from './recording';
import { randomId, type Participant, type Stage, type StageRegistry } from './stages';
import type { ParticipantTokenClaims, TokenSigner } from './tokens';
import { startWhipSession, WhipOfferError, type WhipSession } from './whip-session';

/**
 * The WHIP endpoint a stage's `endpoints.whip` names (`<endpoint>/whip`): a POST there is redirected
 * (307) to the "regional" resource `<endpoint>/whip/regional/us-east-1`, as IVS's global endpoint
 * redirects, which answers the offer (201, `Location: …/sessions/<id>`); `DELETE <Location>` ends the
 * session. Both take the participant token as `Authorization: Bearer`. A recorded stage's publishing
 * is written as a participant recording (./recording.ts).
 */

class WhipError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface WhipEndpointOptions {
  readonly registry: StageRegistry;
  readonly signer: TokenSigner;
  readonly s3: S3Client;
  /** Storage configuration ARN → bucket name. */
  readonly storageConfigurations: Record<string, string>;
  /** Where recordings are assembled before upload. */
  readonly workDir: string;
  readonly deliverEvent: (event: IvsEvent) => Promise<void>;
  readonly log: (msg: string, fields?: Record<string, unknown>) => void;
  /** `<endpoint>/whip/regional/<region>`. */
  readonly regionalWhip: string;
}

/** The handler of requests under `/whip`: `(req, res, pathname)`. */
export const whipHandler = ({
  registry,
  signer,
  s3,
  storageConfigurations,
  workDir: recordingsDir,
  deliverEvent,
  log,
  regionalWhip,
}: WhipEndpointOptions) => {
  const { stages, sessions, track, endPublishing, endSessionIfIdle } = registry;

  const bearer = (req: IncomingMessage): { claims: ParticipantTokenClaims; expired: boolean } => {
    const match = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    const claims = match?.[1] ? signer.read(match[1]) : undefined;
    if (!claims) throw new WhipError(401, 'A participant token is required (Authorization: Bearer).');
    return { claims, expired: claims.exp * 1000 <= Date.now() };
  };

  /** A connection dropped without a DELETE: its part is flushed, and the recording waits out the reconnect window. */
  const connectionLost = (stage: Stage, participant: Participant, session: WhipSession) => {
    if (participant.whip !== session) return;
    participant.whip = undefined;
    sessions.delete(session.id);
    log('IVS stand-in: a participant connection was lost', { stageArn: stage.arn, participantId: participant.id });
    const dropped = participant.recording;
    track(
      session.close().then(async () => {
        if (!dropped || participant.recording !== dropped || participant.whip) return;
        await dropped.disconnected();
        if (participant.recording === dropped && dropped.state === 'ended') {
          participant.recording = undefined;
          endSessionIfIdle(stage);
        }
      }),
    );
  };

  const publish = async (req: IncomingMessage, res: ServerResponse) => {
    const { claims, expired } = bearer(req);
    if (expired) throw new WhipError(401, 'The participant token has expired.');
    const stage = stages.get(claims.stageArn);
    const participant = stage?.participants.get(claims.participantId);
    if (!stage || !participant) throw new WhipError(403, 'The stage of this token no longer exists.');
    if (participant.revoked) throw new WhipError(403, 'The participant was disconnected from the stage.');
    if (!claims.capabilities.includes('PUBLISH')) throw new WhipError(403, 'The participant token may not publish.');
    if (!/^application\/sdp\b/i.test(String(req.headers['content-type'] ?? '')))
      throw new WhipError(415, 'The offer must be sent as application/sdp.');
    const offer = await readText(req, 64 * 1024, () => new WhipError(413, 'The offer is too large.'));

    const recordingConfig = stage.recording?.storageConfigurationArn ? stage.recording : undefined;
    const bucket = recordingConfig ? storageConfigurations[recordingConfig.storageConfigurationArn] : undefined;
    const recorded = Boolean(recordingConfig && bucket && recordingConfig.mediaTypes[0] !== 'NONE');
    // A connection that publishes again (a reconnect) adds a part to the participant's open recording.
    const workDir = participant.recording?.workDir ?? path.join(recordingsDir, `${stage.id}-${participant.id}-${Date.now()}`);
    const file = recorded ? path.join(workDir, `part-${randomUUID()}.webm`) : undefined;
    if (file) mkdirSync(workDir, { recursive: true });
    let session: WhipSession;
    try {
      session = await startWhipSession({ offer, file, log, onLost: () => connectionLost(stage, participant, session) });
    } catch (error) {
      if (!participant.recording) rmSync(workDir, { recursive: true, force: true });
      if (error instanceof WhipOfferError) throw new WhipError(400, error.message);
      throw error;
    }
    // The new connection replaces the participant's previous one, if any.
    const previous = participant.whip;
    participant.whip = session;
    sessions.set(session.id, { session, stage, participant });
    if (previous) {
      sessions.delete(previous.id);
      await previous.close();
    }
    if (file && recordingConfig && bucket) {
      if (!participant.recording) {
        stage.session ??= `st-${randomId(12)}`;
        participant.recording = new ParticipantRecording({
          stageArn: stage.arn,
          stageId: stage.id,
          sessionId: stage.session,
          participantId: participant.id,
          userId: participant.userId,
          bucket,
          reconnectWindowSeconds: recordingConfig.recordingReconnectWindowSeconds,
          workDir,
          s3,
          deliverEvent: deliverEvent,
          log,
        });
      }
      participant.recording.addPart(file);
    }
    res
      .writeHead(201, {
        'content-type': 'application/sdp',
        location: `${regionalWhip}/sessions/${session.id}`,
        etag: `"${session.id}"`,
      })
      .end(session.answer);
  };

  const unpublish = async (req: IncomingMessage, res: ServerResponse, sessionId: string) => {
    const { claims } = bearer(req);
    const entry = sessions.get(sessionId);
    if (!entry) throw new WhipError(404, 'No such WHIP session.');
    if (entry.stage.arn !== claims.stageArn || entry.participant.id !== claims.participantId)
      throw new WhipError(403, 'This session belongs to another participant.');
    const ended = endPublishing(entry.stage, entry.participant);
    track(ended);
    res.writeHead(200).end();
  };

  return async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    try {
      if (pathname === '/whip' || pathname === '/whip/') {
        if (req.method !== 'POST') throw new WhipError(405, 'POST an SDP offer here.');
        // As IVS's global endpoint does: a bad token is refused here, a good one sent on to the region.
        const { expired } = bearer(req);
        if (expired) throw new WhipError(401, 'The participant token has expired.');
        req.resume();
        res.writeHead(307, { location: regionalWhip }).end();
        return;
      }
      if (pathname === `/whip/regional/${REGION}`) {
        if (req.method !== 'POST') throw new WhipError(405, 'POST an SDP offer here.');
        await publish(req, res);
        return;
      }
      const sessionId = new RegExp(`^/whip/regional/${REGION}/sessions/([0-9a-f]+)$`).exec(pathname)?.[1];
      if (sessionId) {
        // No trickle ICE or ICE restarts (the client gathers before it offers): PATCH is not allowed.
        if (req.method !== 'DELETE') throw new WhipError(405, 'Only DELETE ends a session here.');
        await unpublish(req, res, sessionId);
        return;
      }
      throw new WhipError(404, 'Not found.');
    } catch (error) {
      if (!(error instanceof WhipError)) throw error;
      req.resume();
      res
        .writeHead(error.status, { 'content-type': 'text/plain', ...(error.status === 401 ? { 'www-authenticate': 'Bearer' } : {}) })
        .end(error.message);
    }
  };
};
