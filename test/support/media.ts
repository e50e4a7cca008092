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

export const ffprobe = async (file: string) => {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string }[]; format: { duration: string } };
};
