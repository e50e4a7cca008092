import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Turns a participant's recorded parts (WebM from werift: H.264 or VP8, Opus; one part per
 * connection, several when it reconnected within the window) into what IVS individual participant
 * recording writes: HLS with fragmented-MP4 segments, H.264 video and AAC audio, one rendition
 * (`high/playlist.m3u8`, an `#EXT-X-MAP` init segment and numbered media segments) and a multivariant
 * playlist naming it. ffmpeg does the work.
 */
const run = promisify(execFile);

interface Probe {
  hasVideo: boolean;
  hasAudio: boolean;
  width: number;
  height: number;
  durationSeconds: number;
  /** When the part's first video packet starts and its last ends, on the part's clock (seconds). */
  videoSpan: { start: number; end: number } | undefined;
}

/**
 * The video's span: the tracks share the sender's clock, and audio often starts before the first key
 * frame (or goes on after the last frame), so the audio is cut to the picture's span rather than each
 * track starting at zero on its own, which would put the sound ahead of the picture.
 */
const videoSpan = async (file: string): Promise<{ start: number; end: number } | undefined> => {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  let start = Infinity;
  let end = -Infinity;
  for (const line of stdout.split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (pts === undefined || !Number.isFinite(pts)) continue;
    start = Math.min(start, pts);
    end = Math.max(end, pts + (Number.isFinite(duration) && duration! > 0 ? duration! : 1 / 30));
  }
  return Number.isFinite(start) && end > start ? { start, end } : undefined;
};

/** What a part holds; a stream that never carried a packet (a muted or suspended source) counts as absent. */
const probe = async (file: string): Promise<Probe | undefined> => {
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-count_packets',
      '-show_entries',
      'stream=codec_type,width,height,nb_read_packets:format=duration',
      '-of',
      'json',
      file,
    ]);
    const parsed = JSON.parse(stdout) as {
      streams?: { codec_type?: string; width?: number; height?: number; nb_read_packets?: string }[];
      format?: { duration?: string };
    };
    const carried = (parsed.streams ?? []).filter((stream) => Number(stream.nb_read_packets ?? 0) > 0);
    const video = carried.find((stream) => stream.codec_type === 'video');
    return {
      videoSpan: video ? await videoSpan(file) : undefined,
      hasVideo: Boolean(video),
      hasAudio: carried.some((stream) => stream.codec_type === 'audio'),
      width: video?.width ?? 0,
      height: video?.height ?? 0,
      durationSeconds: Number(parsed.format?.duration ?? 0) || 0,
    };
  } catch {
    return undefined;
  }
};

export const RENDITION = 'high';

export interface HlsOutput {
  /** The files written, relative to the output directory (`multivariant.m3u8`, `high/playlist.m3u8`, `high/init.mp4`, `high/1.mp4`, …). */
  files: string[];
  durationMs: number;
  width: number;
  height: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Encodes the parts (in order) into HLS under `outDir`; undefined when no part holds video. */
export const encodeHls = async (parts: string[], outDir: string): Promise<HlsOutput | undefined> => {
  const probed = (await Promise.all(parts.map(async (file) => ({ file, info: await probe(file) })))).filter(
    (part): part is { file: string; info: Probe } => Boolean(part.info?.hasVideo),
  );
  const first = probed[0];
  if (!first) return undefined;
  const width = even(first.info.width || 1280);
  const height = even(first.info.height || 720);

  const inputs: string[] = [];
  const filters: string[] = [];
  probed.forEach(({ file, info }, i) => {
    // werift's WebM declares a day-long duration until it is closed; timestamps are what count.
    inputs.push('-i', file);
    filters.push(
      `[${i}:v:0]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,format=yuv420p,setpts=PTS-STARTPTS[v${i}]`,
    );
    filters.push(
      info.hasAudio && info.videoSpan
        ? // The audio of the picture's span, on the picture's clock (silence where it started later).
          `[${i}:a:0]atrim=start=${info.videoSpan.start.toFixed(3)}:end=${info.videoSpan.end.toFixed(3)},asetpts=PTS-${info.videoSpan.start.toFixed(3)}/TB,aresample=48000:async=1:first_pts=0,aformat=sample_rates=48000:channel_layouts=stereo[a${i}]`
        : `anullsrc=r=48000:cl=stereo,atrim=0:${Math.max(0.1, info.videoSpan ? info.videoSpan.end - info.videoSpan.start : info.durationSeconds).toFixed(3)}[a${i}]`,
    );
  });
  filters.push(`${probed.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${probed.length}:v=1:a=1[v][a]`);

  const renditionDir = path.join(outDir, RENDITION);
  mkdirSync(renditionDir, { recursive: true });
  await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'high',
      '-level:v',
      '4.0',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '60',
      '-keyint_min',
      '60',
      '-sc_threshold',
      '0',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ar',
      '48000',
      '-ac',
      '2',
      '-f',
      'hls',
      '-hls_time',
      '6',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_flags',
      'independent_segments',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-start_number',
      '1',
      '-hls_segment_filename',
      '%d.mp4',
      'playlist.m3u8',
    ],
    { cwd: renditionDir, maxBuffer: 16 * 1024 * 1024 },
  );

  const renditionFiles = readdirSync(renditionDir).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const playlist = await readFile(path.join(renditionDir, 'playlist.m3u8'), 'utf8');
  const durationSeconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  const bytes = renditionFiles.reduce((sum, name) => sum + statSync(path.join(renditionDir, name)).size, 0);
  const bandwidth = Math.max(1, Math.round((bytes * 8) / Math.max(durationSeconds, 0.001)));
  // avc1.PPCCLL: High profile (0x64), no constraint flags, level 4.0 (0x28), as encoded above.
  const avc = 'avc1.640028';
  const multivariant = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${width}x${height},CODECS="${avc},mp4a.40.2",FRAME-RATE=30.000`,
    `${RENDITION}/playlist.m3u8`,
    '',
  ].join('\n');
  await writeFile(path.join(outDir, 'multivariant.m3u8'), multivariant);
  return {
    files: ['multivariant.m3u8', ...renditionFiles.map((name) => `${RENDITION}/${name}`)],
    durationMs: Math.round(durationSeconds * 1000),
    width,
    height,
  };
};
