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
    `flite=text='${text.replace(/'/g, '')}':voice=slt`,
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
