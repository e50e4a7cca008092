/**
 * The browser side of live recording (spec §3 "Live recording", §9 Recorder; issue 30): where the
 * browser cannot record, the camera and microphone are published over WebRTC to the live-recording
 * service, which records the take. A plain RTCPeerConnection with send-only audio and video, H.264
 * preferred (then VP8) and Opus; the offer goes through our API (WHIP behind it, no trickle ICE), and
 * a dropped connection is negotiated again with a new connection until the reconnect window passes.
 * Framework-free, like recorder.ts.
 */

/** connecting → live → (reconnecting → live)* → stopped, or failed when it cannot (re)connect. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'stopped' | 'failed';

/**
 * What happens to a publication: the connection came up, dropped, the reconnect window passed,
 * the take was stopped, or negotiating failed (the offer refused or no connection in time).
 */
export type LiveEvent = 'connected' | 'dropped' | 'window-passed' | 'stopped' | 'error';

/**
 * The state rules. The first connection failing is a failure (the service cannot be reached); once
 * live, a drop or an error while reconnecting keeps it reconnecting until the window passes.
 * Stopped and failed are final.
 */
export const nextLiveState = (state: LiveState, event: LiveEvent): LiveState => {
  if (state === 'stopped' || state === 'failed') return state;
  if (event === 'stopped') return 'stopped';
  switch (state) {
    case 'connecting':
      return event === 'connected' ? 'live' : 'failed';
    case 'live':
      return event === 'dropped' ? 'reconnecting' : event === 'connected' ? 'live' : 'failed';
    case 'reconnecting':
      return event === 'connected' ? 'live' : event === 'window-passed' ? 'failed' : 'reconnecting';
  }
};

/** `RTCPeerConnection.connectionState` values that mean the media no longer flows. */
export const isDropped = (connectionState: RTCPeerConnectionState) => connectionState === 'disconnected' || connectionState === 'failed';

/** Whether a reconnection may still start: within the window since the connection dropped. */
export const withinReconnectWindow = (droppedAt: number, now: number, windowMs: number) => now - droppedAt < windowMs;

type Codec = Pick<RTCRtpCodec, 'mimeType' | 'sdpFmtpLine'>;

const fmtp = (codec: Codec, name: string) => new RegExp(`(?:^|;)\\s*${name}=([^;]+)`, 'i').exec(codec.sdpFmtpLine ?? '')?.[1]?.trim();

/** Resilience entries that ride along with any media codec (retransmission, redundancy, FEC). */
const isHelper = (codec: Codec) => /\/(rtx|red|ulpfec|flexfec-03)$/i.test(codec.mimeType);

/**
 * H.264 entries best first: packetization mode 1, then the constrained baseline profile (42e0…,
 * what the service records without re-encoding), then the browser's order.
 */
const h264Rank = (codec: Codec) =>
  (fmtp(codec, 'packetization-mode') === '1' ? 0 : 2) + (/^42e0/i.test(fmtp(codec, 'profile-level-id') ?? '') ? 0 : 1);

/**
 * The video codecs to offer, from `RTCRtpSender.getCapabilities('video').codecs`: H.264 first,
 * then VP8, then the retransmission/redundancy entries; other codecs (VP9, AV1, H.265) are left
 * out. With neither H.264 nor VP8, null: keep the browser's own order.
 */
export const preferredVideoCodecs = <C extends Codec>(codecs: readonly C[]): C[] | null => {
  const h264 = codecs
    .map((codec, index) => ({ codec, index }))
    .filter(({ codec }) => /\/h264$/i.test(codec.mimeType))
    .sort((a, b) => h264Rank(a.codec) - h264Rank(b.codec) || a.index - b.index)
    .map(({ codec }) => codec);
  const vp8 = codecs.filter((codec) => /\/vp8$/i.test(codec.mimeType));
  if (h264.length === 0 && vp8.length === 0) return null;
  return [...h264, ...vp8, ...codecs.filter(isHelper)];
};

/** The audio codecs to offer: Opus first, the rest after it in the browser's order; null without Opus. */
export const preferredAudioCodecs = <C extends Codec>(codecs: readonly C[]): C[] | null => {
  const opus = codecs.filter((codec) => /\/opus$/i.test(codec.mimeType));
  return opus.length === 0 ? null : [...opus, ...codecs.filter((codec) => !opus.includes(codec))];
};

/**
 * Safari 14.3 or older (spec §8: "Unable to record media on this version of Safari."): Safari's own
 * user agent (Version/x.y … Safari/), not Chrome, Firefox, Edge or Opera, which carry "Safari" too.
 */
export const isSafariUpTo14_3 = (userAgent: string): boolean => {
  if (!/Safari\//.test(userAgent) || /Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg\/|OPR\/|OPiOS|Android/.test(userAgent)) return false;
  const version = /Version\/(\d+)(?:\.(\d+))?/.exec(userAgent);
  if (!version) return false;
  const major = Number(version[1]);
  const minor = Number(version[2] ?? 0);
  return major < 14 || (major === 14 && minor <= 3);
};

/** Whether this browser can publish live at all. */
export const canPublishLive = () =>
  typeof window !== 'undefined' && typeof window.RTCPeerConnection !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

export interface LivePublisherOptions {
  stream: MediaStream;
  /** Sends the SDP offer to the service (our API: startAnswerRecording) and resolves with its answer. */
  negotiate: (offer: string) => Promise<string>;
  /** Every change of state. */
  onState: (state: LiveState) => void;
  /** How long a dropped connection may take to come back (RECONNECT_WINDOW_SECONDS). */
  reconnectWindowMs: number;
  /** How long the first connection may take from the service's answer to media flowing. */
  connectTimeoutMs?: number;
  /** How long to wait for ICE gathering before sending the offer with the candidates found so far. */
  iceGatheringTimeoutMs?: number;
  /** Pause between two reconnection attempts. */
  retryDelayMs?: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once ICE gathering is complete, or after `timeoutMs` with what was gathered. */
const iceGathered = (pc: RTCPeerConnection, timeoutMs: number) =>
  new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', onChange);
      pc.removeEventListener('icecandidate', onCandidate);
      resolve();
    };
    const onChange = () => pc.iceGatheringState === 'complete' && done();
    const onCandidate = (event: RTCPeerConnectionIceEvent) => event.candidate === null && done();
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', onChange);
    pc.addEventListener('icecandidate', onCandidate);
  });

/**
 * Publishes a stream to the live-recording service. `start()` resolves once the media flows (live)
 * and rejects when the first connection cannot be made. Later drops are retried with a new
 * RTCPeerConnection and a new offer until the reconnect window passes (state failed). `stop()` ends
 * the publication: no more reconnection, and the connection is closed.
 */
export class LivePublisher {
  private state: LiveState = 'connecting';
  private pc: RTCPeerConnection | null = null;
  private reconnecting = false;
  /** Rejects the negotiation under way, whose connection is being closed (closing fires no state change). */
  private abandon: (() => void) | null = null;
  private readonly options: Required<LivePublisherOptions>;

  constructor(options: LivePublisherOptions) {
    this.options = { connectTimeoutMs: 15_000, iceGatheringTimeoutMs: 2_000, retryDelayMs: 1_000, ...options };
  }

  get current(): LiveState {
    return this.state;
  }

  async start(): Promise<void> {
    try {
      await this.connect(() => this.options.connectTimeoutMs);
      this.apply('connected');
    } catch (error) {
      this.close();
      this.apply('error');
      throw error;
    }
  }

  /** Ends the publication. The caller then tells the service (stopAnswerRecording). */
  stop(): void {
    this.apply('stopped');
    this.close();
  }

  private apply(event: LiveEvent) {
    const next = nextLiveState(this.state, event);
    if (next === this.state) return;
    this.state = next;
    this.options.onState(next);
  }

  private close() {
    const pc = this.pc;
    this.pc = null;
    this.abandon?.();
    this.abandon = null;
    if (!pc) return;
    pc.onconnectionstatechange = null;
    pc.close();
  }

  /**
   * One negotiation: a new connection and offer, the service's answer, then media flowing within
   * `timeoutMs()` of the answer (the API call itself is bounded by the server).
   */
  private async connect(timeoutMs: () => number): Promise<void> {
    this.close();
    const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
    this.pc = pc;
    const { stream } = this.options;
    for (const track of stream.getTracks()) {
      const transceiver = pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
      const capabilities = typeof RTCRtpSender.getCapabilities === 'function' ? RTCRtpSender.getCapabilities(track.kind)?.codecs : undefined;
      const preferred = capabilities && (track.kind === 'video' ? preferredVideoCodecs(capabilities) : preferredAudioCodecs(capabilities));
      if (preferred && typeof transceiver.setCodecPreferences === 'function') {
        try {
          transceiver.setCodecPreferences(preferred);
        } catch {
          // the browser's own order then
        }
      }
    }
    let fail: (error: Error) => void = () => undefined;
    const connected = new Promise<void>((resolve, reject) => {
      fail = reject;
      this.abandon = () => reject(new Error('live connection closed'));
      pc.onconnectionstatechange = () => {
        if (pc.connectionState === 'connected') resolve();
        else if (isDropped(pc.connectionState) || pc.connectionState === 'closed') reject(new Error(`live connection ${pc.connectionState}`));
      };
    });
    // A rejection before anyone awaits it (the offer failing first) is not unhandled.
    connected.catch(() => undefined);
    await pc.setLocalDescription(await pc.createOffer());
    await iceGathered(pc, this.options.iceGatheringTimeoutMs);
    const answer = await this.options.negotiate(pc.localDescription!.sdp);
    if (this.pc !== pc) throw new Error('live connection replaced');
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    const timer = setTimeout(() => fail(new Error('live connection timed out')), Math.max(0, timeoutMs()));
    try {
      await connected;
    } finally {
      clearTimeout(timer);
    }
    if (this.pc !== pc) throw new Error('live connection replaced');
    this.abandon = null;
    pc.onconnectionstatechange = () => {
      if (isDropped(pc.connectionState)) void this.reconnect();
    };
    // A drop between connecting and this handler is not missed.
    if (isDropped(pc.connectionState)) void this.reconnect();
  }

  /** After a drop: new connections until one comes up or the window since the drop passes. */
  private async reconnect(): Promise<void> {
    if (this.reconnecting || this.state === 'stopped' || this.state === 'failed') return;
    this.reconnecting = true;
    const droppedAt = Date.now();
    this.apply('dropped');
    const { reconnectWindowMs, retryDelayMs } = this.options;
    try {
      while (this.state === 'reconnecting') {
        if (!withinReconnectWindow(droppedAt, Date.now(), reconnectWindowMs)) {
          this.close();
          this.apply('window-passed');
          return;
        }
        try {
          await this.connect(() => droppedAt + reconnectWindowMs - Date.now());
          // stopped meanwhile: leave it closed
          if (this.state !== 'reconnecting') return this.close();
          this.apply('connected');
          return;
        } catch {
          if (this.state !== 'reconnecting') return;
          this.apply('error');
          await delay(Math.min(retryDelayMs, Math.max(0, droppedAt + reconnectWindowMs - Date.now())));
        }
      }
    } finally {
      this.reconnecting = false;
    }
  }
}
