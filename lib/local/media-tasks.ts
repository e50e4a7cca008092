import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { withJobFaults } from './faults/jobs';
import { queued } from './job-queue';
import { TASK_TIMEOUT_SECONDS } from '../../lambdas/pipeline/media-pipeline.asl';

/**
 * Local stand-ins for the pipeline's AWS service tasks, run by state name in place of
 * MediaConvert (ffmpeg) and Amazon Transcribe (pocketsphinx). Each reads and writes the same S3
 * objects the service would and returns the service's result shape, so the rest of the one ASL
 * definition runs unchanged.
 */
const run = promisify(execFile);

/**
 * How long a local job's processes may run: as long as its state may (issue 43). MediaConvert and
 * Transcribe have no limit of their own below the state's timeout, and a cap of the stand-in's own
 * (it was 15 minutes for ffmpeg) failed an answer the product allows: an hour with time limits off
 * takes about 1.5 s a second to transcode here on a loaded machine.
 */
export const LOCAL_JOB_TIMEOUT_MS = {
  transcode: TASK_TIMEOUT_SECONDS.transcode * 1000,
  transcription: TASK_TIMEOUT_SECONDS.startTranscription * 1000,
} as const;

const s3 = () => new S3Client({ forcePathStyle: true });

const parseS3Uri = (uri: string) => {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(uri);
  if (!match) throw new Error(`Not an S3 URI: ${uri}`);
  return { bucket: match[1]!, key: match[2]! };
};

const download = async (uri: string, file: string) => {
  const { bucket, key } = parseS3Uri(uri);
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  await writeFile(file, await object.Body!.transformToByteArray());
};

const upload = async (bucket: string, key: string, file: string, contentType: string) =>
  s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: await readFile(file), ContentType: contentType }));

const withTempDir = async <T>(fn: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'media-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

interface TranscodeInput {
  UserMetadata?: { mediaId?: string };
  Settings: {
    Inputs: { FileInput: string; InputClippings?: { StartTimecode?: string; EndTimecode?: string }[] }[];
    OutputGroups: { Name: string; OutputGroupSettings: { FileGroupSettings: { Destination: string } } }[];
  };
}

/**
 * A zero-based timecode (HH:MM:SS:FF) in seconds. MediaConvert counts the frames at the input's
 * frame rate; the pipeline only sets whole seconds (frame 0), so the frames are taken at 30 per second.
 */
export const secondsOfTimecode = (timecode: string): number => {
  const match = /^(\d{2}):(\d{2}):(\d{2})[:;](\d{2})$/.exec(timecode);
  if (!match) throw new Error(`Not a timecode: ${timecode}`);
  const [hours, minutes, seconds, frames] = match.slice(1).map(Number) as [number, number, number, number];
  return hours * 3600 + minutes * 60 + seconds + frames / 30;
};

/**
 * MediaConvert createJob.sync → ffmpeg: a faststart H.264/AAC MP4 and a PNG thumbnail 200 ms in (an
 * audio-only job: an M4A alone, transcodeAudio).
 * The first input clipping is honoured as MediaConvert does (the input from its start timecode to
 * its end timecode, zero-based): ffmpeg's `-ss` and `-t`.
 */
export const transcode = async (raw: unknown) => {
  const input = raw as TranscodeInput;
  const source = input.Settings.Inputs[0]!.FileInput;
  const clipping = input.Settings.Inputs[0]!.InputClippings?.[0];
  const clipStart = clipping?.StartTimecode ? secondsOfTimecode(clipping.StartTimecode) : 0;
  const clipEnd = clipping?.EndTimecode ? secondsOfTimecode(clipping.EndTimecode) : null;
  const clipArgs = [
    ...(clipStart > 0 ? ['-ss', String(clipStart)] : []),
    ...(clipEnd !== null ? ['-t', String(Math.max(0, clipEnd - clipStart))] : []),
  ];
  const audioGroup = input.Settings.OutputGroups.find((g) => g.Name === 'Web Audio');
  if (audioGroup) return transcodeAudio(input, parseS3Uri(audioGroup.OutputGroupSettings.FileGroupSettings.Destination), clipArgs);
  const videoDestination = parseS3Uri(
    input.Settings.OutputGroups.find((g) => g.Name === 'Web MP4')!.OutputGroupSettings.FileGroupSettings.Destination,
  );
  const thumbDestination = parseS3Uri(
    input.Settings.OutputGroups.find((g) => g.Name === 'Thumbnail')!.OutputGroupSettings.FileGroupSettings.Destination,
  );
  return withTempDir(async (dir) => {
    const src = path.join(dir, 'source');
    const mp4 = path.join(dir, 'video.mp4');
    const png = path.join(dir, 'thumbnail.png');
    await download(source, src);
    await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        src,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-vf',
        "scale='min(1280,iw)':-2",
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ar',
        '48000',
        '-movflags',
        '+faststart',
        ...clipArgs,
        mp4,
      ],
      { timeout: LOCAL_JOB_TIMEOUT_MS.transcode, maxBuffer: 8 * 1024 * 1024 },
    );
    await run(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '0.2', '-i', mp4, '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", png],
      { timeout: 60_000 },
    );
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=width,height', '-of', 'json', mp4]);
    const probe = JSON.parse(stdout) as { format?: { duration?: string }; streams?: { width?: number; height?: number }[] };
    const videoKey = `${videoDestination.key}.mp4`;
    const thumbnailKey = `${thumbDestination.key}.png`;
    await Promise.all([upload(videoDestination.bucket, videoKey, mp4, 'video/mp4'), upload(thumbDestination.bucket, thumbnailKey, png, 'image/png')]);
    const stream = probe.streams?.find((s) => s.width);
    return {
      Job: jobResult(input, probe.format?.duration, { WidthInPx: stream?.width, HeightInPx: stream?.height }),
      thumbnailKey,
    };
  });
};

/** MediaConvert's job result with the transcoded duration, as the pipeline reads it (ClipNeeded, Finalize). */
const jobResult = (input: TranscodeInput, durationSeconds: string | undefined, videoDetails?: { WidthInPx?: number; HeightInPx?: number }) => ({
  Id: `local-${input.UserMetadata?.mediaId ?? 'job'}`,
  Status: 'COMPLETE',
  UserMetadata: input.UserMetadata ?? {},
  OutputGroupDetails: [
    { OutputDetails: [{ DurationInMs: Math.round(Number(durationSeconds ?? 0) * 1000), ...(videoDetails ? { VideoDetails: videoDetails } : {}) }] },
  ],
});

/**
 * An audio-only job (issue 39; the output group 'Web Audio'): AAC in a faststart MP4 with the
 * output's `.m4a` extension, as MediaConvert's audio-only MP4 output; any video in the input is dropped.
 */
const transcodeAudio = (input: TranscodeInput, destination: { bucket: string; key: string }, clipArgs: string[]) =>
  withTempDir(async (dir) => {
    const src = path.join(dir, 'source');
    const m4a = path.join(dir, 'audio.m4a');
    await download(input.Settings.Inputs[0]!.FileInput, src);
    await run(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-i', src, '-map', '0:a:0', '-vn'],
        ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-movflags', '+faststart', ...clipArgs, '-f', 'mp4', m4a],
      ],
      { timeout: LOCAL_JOB_TIMEOUT_MS.transcode, maxBuffer: 8 * 1024 * 1024 },
    );
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', m4a]);
    const probe = JSON.parse(stdout) as { format?: { duration?: string } };
    await upload(destination.bucket, `${destination.key}.m4a`, m4a, 'audio/mp4');
    return { Job: jobResult(input, probe.format?.duration) };
  });

interface StartTranscriptionInput {
  TranscriptionJobName: string;
  Media: { MediaFileUri: string };
  OutputBucketName: string;
  OutputKey: string;
}

/** pocketsphinx_continuous `-time yes` lines: `word start end confidence`; fillers and markers dropped. */
export const parseSphinxWords = (output: string) =>
  output
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length === 4 && !Number.isNaN(Number(parts[1])))
    .map(([word, start, end, confidence]) => ({
      word: word!.replace(/\(\d+\)$/, ''),
      start: Number(start),
      end: Number(end),
      confidence: Number(confidence),
    }))
    .filter((w) => !/^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/.test(w.word));

/** Transcribe startTranscriptionJob → pocketsphinx, writing Transcribe's output JSON to the same key. */
export const startTranscription = async (raw: unknown) => {
  const input = raw as StartTranscriptionInput;
  return withTempDir(async (dir) => {
    const media = path.join(dir, 'media.mp4');
    const wav = path.join(dir, 'audio.wav');
    await download(input.Media.MediaFileUri, media);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', media, '-vn', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', wav], {
      timeout: LOCAL_JOB_TIMEOUT_MS.transcription,
    });
    const { stdout } = await run('pocketsphinx_continuous', ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'], {
      timeout: LOCAL_JOB_TIMEOUT_MS.transcription,
      maxBuffer: 64 * 1024 * 1024,
    });
    const words = parseSphinxWords(stdout);
    const transcribeOutput = {
      jobName: input.TranscriptionJobName,
      status: 'COMPLETED',
      results: {
        transcripts: [{ transcript: words.map((w) => w.word).join(' ') }],
        items: words.map((w) => ({
          type: 'pronunciation',
          start_time: w.start.toFixed(3),
          end_time: w.end.toFixed(3),
          alternatives: [{ confidence: String(Math.min(1, w.confidence)), content: w.word }],
        })),
      },
    };
    const out = path.join(dir, 'transcribe.json');
    await writeFile(out, JSON.stringify(transcribeOutput));
    await upload(input.OutputBucketName, input.OutputKey, out, 'application/json');
    return { TranscriptionJob: { TranscriptionJobName: input.TranscriptionJobName, TranscriptionJobStatus: 'IN_PROGRESS' } };
  });
};

/** Transcribe getTranscriptionJob: the local job finished within startTranscription. */
export const getTranscriptionJob = async (raw: unknown) => ({
  TranscriptionJob: { TranscriptionJobName: (raw as { TranscriptionJobName: string }).TranscriptionJobName, TranscriptionJobStatus: 'COMPLETED' },
});

/** State name → local implementation, for the states whose Resource is an AWS service integration (fault rules may fail them: lib/local/faults/jobs.ts). */
export const localServiceTasks: Record<string, (input: unknown) => Promise<unknown>> = {
  Transcode: withJobFaults('mediaconvert', 'CreateJob', queued(transcode)),
  TranscodeClipped: withJobFaults('mediaconvert', 'CreateJob', queued(transcode)),
  TranscodeAudio: withJobFaults('mediaconvert', 'CreateJob', queued(transcode)),
  TranscodeAudioClipped: withJobFaults('mediaconvert', 'CreateJob', queued(transcode)),
  StartTranscription: withJobFaults('transcribe', 'StartTranscriptionJob', queued(startTranscription)),
  CheckTranscript: withJobFaults('transcribe', 'GetTranscriptionJob', getTranscriptionJob),
};

/** Wait states that only pace polling of a remote service: no waiting locally. */
export const localWaitOverrides: Record<string, number> = { WaitForTranscript: 0 };
