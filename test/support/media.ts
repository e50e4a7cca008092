import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A short test clip like a browser recording: ffmpeg's test pattern with spoken English (flite)
 * in WebM (VP8/Opus). Encoded with realtime settings so it takes about as long as it plays.
 */
/** flite's voice reading a text, as an ffmpeg input. */
const spoken = (text: string) => `flite=text='${text.replace(/'/g, '')}':voice=slt`;

/**
 * Speech alone as a 48 kHz mono WAV: what Chromium's fake microphone plays
 * (`--use-file-for-fake-audio-capture`).
 */
export const makeSpeech = async (text: string) => {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'voice-')), 'speech.wav');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    spoken(text),
    '-ar',
    '48000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    file,
  ]);
  return file;
};

export const makeClip = async (seconds: number, text = 'hello and welcome to the interview. i have five years of experience with software.') => {
  const dir = await mkdtemp(path.join(tmpdir(), 'clip-'));
  const file = path.join(dir, 'clip.webm');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    spoken(text),
    '-filter_complex',
    `[1:a]apad=whole_dur=${seconds}[a]`,
    '-map',
    '0:v',
    '-map',
    '[a]',
    '-t',
    String(seconds),
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '400k',
    '-c:a',
    'libopus',
    file,
  ]);
  return { file, bytes: await readFile(file) };
};

/**
 * A long answer at a camera's size, cheap to make (issue 43): a few seconds of test picture in VP8
 * (Chromium's WebM default) repeated by stream copy to `seconds`, and spoken English at the start padded
 * with silence to the end (Opus). Low bitrates, so the upload stays small; what it costs to transcode
 * is the length and the size, as with a recording.
 */
export const makeLongClip = async (
  seconds: number,
  { size = '1280x720', text = 'hello and welcome to the interview. i have five years of experience with software.' } = {},
) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'long-clip-'));
  const [picture, sound, file] = ['picture.webm', 'sound.webm', 'clip.webm'].map((name) => path.join(dir, name)) as [string, string, string];
  const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  await Promise.all([
    ffmpeg(
      ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=30:duration=5`],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-g', '150', picture],
    ),
    ffmpeg('-f', 'lavfi', '-i', spoken(text), '-af', `apad=whole_dur=${seconds}`, '-t', String(seconds), '-c:a', 'libopus', '-b:a', '24k', sound),
  ]);
  await ffmpeg('-stream_loop', '-1', '-i', picture, '-i', sound, '-map', '0:v', '-map', '1:a', '-c', 'copy', '-t', String(seconds), file);
  return { file, bytes: await readFile(file) };
};

export const ffprobe = async (file: string) => {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string }[]; format: { duration: string } };
};
