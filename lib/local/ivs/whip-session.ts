import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { RTCPeerConnection, useH264, useOPUS, useVP8, type MediaStreamTrack } from 'werift';
import { H264RtpPayload, MediaRecorder } from 'werift/nonstandard';

/**
 * One WHIP publishing session (RFC 9725) on werift: it answers the client's SDP offer (send-only audio
 * and video: H.264 or VP8, Opus) and records what arrives into one WebM file, a part of the
 * participant's recording. ICE is not trickled: the answer carries every host candidate (loopback
 * included, for a client on this machine), and a browser's mDNS-hidden (`.local`) candidates are
 * resolved by werift or learnt as peer-reflexive from its checks.
 */
export class WhipOfferError extends Error {}

/**
 * werift 0.24 takes a STAP-A packet's key-frame flag from the wrong byte, so an IDR picture small
 * enough to travel aggregated with its SPS and PPS (Chromium does that for simple pictures) is not a
 * key frame to its recorder, which then waits for one forever. A STAP-A is a key frame when one of its
 * NAL units is an IDR slice (type 5); the depacketized payload holds them in Annex B form.
 */
const STAP_A = 24;
const IDR_SLICE = 5;
const inheritedIsKeyframe = Object.getOwnPropertyDescriptor(H264RtpPayload.prototype, 'isKeyframe')?.get;
Object.defineProperty(H264RtpPayload.prototype, 'isKeyframe', {
  configurable: true,
  get(this: H264RtpPayload): boolean {
    if (this.nalUnitType !== STAP_A) return Boolean(inheritedIsKeyframe?.call(this));
    const payload = this.payload ?? Buffer.alloc(0);
    for (let i = 0; i + 4 < payload.length; i += 1) {
      if (payload[i] === 0 && payload[i + 1] === 0 && payload[i + 2] === 0 && payload[i + 3] === 1 && (payload[i + 4]! & 0x1f) === IDR_SLICE)
        return true;
    }
    return false;
  },
});

export interface WhipSession {
  readonly id: string;
  /** The SDP answer. */
  readonly answer: string;
  /** Whether any media packet arrived. */
  readonly receivedMedia: () => boolean;
  /** Ends the session: the recording is flushed and the peer connection closed. Idempotent. */
  close(): Promise<void>;
}

export interface WhipSessionOptions {
  offer: string;
  /** Where to record (a .webm path); nothing is recorded without one. */
  file?: string;
  /** Called once when the connection is lost (ICE/DTLS failed, or closed by the peer), not after `close()`. */
  onLost: () => void;
  /** Called once when media first arrives. */
  onMedia?: () => void;
  log: (msg: string, fields?: Record<string, unknown>) => void;
}

/** No packet for this long, once media flowed, is a lost connection. */
const SILENCE_MS = 5000;

const mediaSections = (sdp: string): { kind: string; direction: string }[] =>
  sdp
    .split(/\r?\n(?=m=)/)
    .slice(1)
    .map((section) => ({
      kind: /^m=(\w+)/.exec(section)?.[1] ?? '',
      direction: /^a=(sendonly|recvonly|sendrecv|inactive)\s*$/m.exec(section)?.[1] ?? 'sendrecv',
    }));

export const startWhipSession = async (options: WhipSessionOptions): Promise<WhipSession> => {
  const sections = mediaSections(options.offer);
  const published = sections.filter((section) => ['audio', 'video'].includes(section.kind) && ['sendonly', 'sendrecv'].includes(section.direction));
  if (!/^v=0\r?\n/.test(options.offer) || published.length === 0) {
    throw new WhipOfferError('The offer must publish audio or video (a send-only media section).');
  }
  if (
    sections.some((section) => section.kind === 'video' && ['sendonly', 'sendrecv'].includes(section.direction)) &&
    !/a=rtpmap:\d+ (H264|VP8)\/90000/i.test(options.offer)
  ) {
    throw new WhipOfferError('The offer has no video codec the stand-in records (H.264 or VP8).');
  }
  if (
    sections.some((section) => section.kind === 'audio' && ['sendonly', 'sendrecv'].includes(section.direction)) &&
    !/a=rtpmap:\d+ opus\/48000/i.test(options.offer)
  ) {
    throw new WhipOfferError('The offer has no Opus audio.');
  }

  const pc = new RTCPeerConnection({
    codecs: { video: [useH264(), useVP8()], audio: [useOPUS()] },
    iceUseIpv6: false,
    // werift gathers the host's interface addresses (what a browser on this machine reaches, its mDNS
    // candidates resolved or learnt as peer-reflexive), and loopback for a client that has nothing else.
    iceAdditionalHostAddresses: ['127.0.0.1'],
  });
  // werift's lip sync drops what it still buffers when the recording stops (the last second of
  // audio); without it the tracks are still placed on the sender's clock (RTCP sender reports).
  const recorder = options.file
    ? new MediaRecorder({
        path: options.file,
        numOfTracks: published.length,
        width: 1280,
        height: 720,
        disableLipSync: true,
        disableNtp: Boolean(process.env.NO_NTP),
      })
    : undefined;
  recorder?.onError.subscribe((error) => options.log('IVS stand-in: recording error', { error: String(error) }));
  let packets = 0;
  let lastPacketAt = 0;
  let closing = false;
  let lost = false;
  const tracks: MediaStreamTrack[] = [];
  pc.onTrack.subscribe((track) => {
    tracks.push(track);
    track.onReceiveRtp.subscribe(() => {
      lastPacketAt = Date.now();
      packets += 1;
      if (packets === 1) options.onMedia?.();
    });
    recorder?.addTrack(track).catch((error: unknown) => options.log('IVS stand-in: recorder failed to take a track', { error: String(error) }));
    // Ask for a key frame at once, so the recording starts with a picture.
    if (track.kind === 'video' && track.ssrc) {
      const receiver = pc.getReceivers().find((candidate) => candidate.track?.id === track.id);
      receiver?.sendRtcpPLI(track.ssrc).catch(() => undefined);
    }
  });
  const connectionLost = () => {
    if (closing || lost) return;
    lost = true;
    clearInterval(watchdog);
    options.onLost();
  };
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'failed' || state === 'closed' || state === 'disconnected') connectionLost();
  });
  // ICE consent expiry takes werift half a minute; a publisher that stopped sending (a browser sends
  // audio every 20 ms while it publishes) is gone sooner than that.
  const watchdog = setInterval(() => {
    if (packets > 0 && Date.now() - lastPacketAt > SILENCE_MS) connectionLost();
  }, 1000);
  watchdog.unref();

  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: options.offer });
    // Every offered media section is received, none sent back (WHIP publishes only).
    for (const transceiver of pc.getTransceivers()) transceiver.setDirection('recvonly');
    await pc.setLocalDescription(await pc.createAnswer());
  } catch (error) {
    closing = true;
    clearInterval(watchdog);
    await pc.close().catch(() => undefined);
    throw new WhipOfferError(`The offer could not be answered: ${error instanceof Error ? error.message : String(error)}`);
  }
  const answer = pc.localDescription?.sdp;
  if (!answer) {
    closing = true;
    clearInterval(watchdog);
    await pc.close().catch(() => undefined);
    throw new WhipOfferError('The offer could not be answered.');
  }

  let closed: Promise<void> | undefined;
  return {
    id: randomBytes(12).toString('hex'),
    answer,
    receivedMedia: () => packets > 0,
    close: () =>
      (closed ??= (async () => {
        closing = true;
        clearInterval(watchdog);
        // The recorder waits for its writer to finish (the WebM's last cluster and its duration).
        // (Nothing to flush when no packet came: werift would wait for an end that never comes.)
        if (recorder && tracks.length > 0 && packets > 0)
          await recorder.stop().catch((error: unknown) => options.log('IVS stand-in: recorder stop failed', { error: String(error) }));
        await pc.close().catch(() => undefined);
      })()),
  };
};

/** Whether a recorded part holds anything (werift writes the file when the first frames arrive). */
export const partHasData = (file: string): boolean => {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
};
