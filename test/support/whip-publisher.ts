import { spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { MediaStreamTrack, RTCPeerConnection, useH264, useOPUS } from 'werift';

/**
 * A WHIP publisher for tests and the bench, without a browser: werift sends what ffmpeg makes (a
 * test picture in H.264 and a tone in Opus, paced in real time and packetized as RTP) to whatever
 * answers its offer: the product's API (`startAnswerRecording`) or the IVS stand-in's WHIP endpoint.
 */
export const whipPublisher = () => {
  const pc = new RTCPeerConnection({
    codecs: { video: [useH264()], audio: [useOPUS()] },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
  });
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  return { pc, video, audio };
};

/** An offer as a publisher makes it (nothing is sent). */
export const sampleOffer = async (): Promise<string> => {
  const { pc } = whipPublisher();
  await pc.setLocalDescription(await pc.createOffer());
  const sdp = pc.localDescription!.sdp;
  await pc.close();
  return sdp;
};

const bindUdp = async (): Promise<Socket> => {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return socket;
};

/**
 * Publishes `seconds` of test signal: the offer goes to `exchange`, which returns the answer; sending
 * starts once the connection is up. Resolves when ffmpeg has sent it all (the connection stays open:
 * close `pc` when done).
 */
export const publishTestSignal = async (exchange: (offer: string) => Promise<string>, seconds: number) => {
  const { pc, video, audio } = whipPublisher();
  await pc.setLocalDescription(await pc.createOffer());
  await pc.setRemoteDescription({ type: 'answer', sdp: await exchange(pc.localDescription!.sdp) });
  await pc.connectionStateChange.watch((state) => state === 'connected');
  const [videoIn, audioIn] = await Promise.all([bindUdp(), bindUdp()]);
  videoIn.on('message', (packet) => video.writeRtp(packet));
  audioIn.on('message', (packet) => audio.writeRtp(packet));
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-t', String(seconds), '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30'],
      ...['-t', String(seconds), '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-map', '0:v', '-c:v', 'libx264', '-profile:v', 'baseline', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p'],
      ...['-f', 'rtp', `rtp://127.0.0.1:${videoIn.address().port}?pkt_size=1200`],
      ...['-map', '1:a', '-c:a', 'libopus', '-ac', '2', '-f', 'rtp', `rtp://127.0.0.1:${audioIn.address().port}?pkt_size=1200`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve) => ffmpeg.on('exit', resolve));
  videoIn.close();
  audioIn.close();
  if (code !== 0) throw new Error(`ffmpeg exited with ${code}`);
  return { pc };
};
