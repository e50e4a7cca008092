import { Transform, type Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ZipFile } from 'yazl';
import { mediaBucket, s3 } from '../../adapters/aws';
import { deleteObject, deletePrefixes } from '../../adapters/storage';
import { answerPackageOf, finishPackageBuild, PackageBuildTaken } from '../../data/candidates/packages';
import { answersOf } from '../../data/candidates/answers';
import { getCandidate } from '../../data/candidates/candidate';
import { getMediaItems } from '../../data/media';
import type { Logger } from '../../platform/logger';
import { packagePrefix } from '../../adapters/storage-layout';
import { entryName, fileEntryName, INDEX_ENTRY, packageContents, packageIndex } from './answer-package-contents';

/** A zip entry: an object of the media bucket, or a text made here (issue 39: a text answer, the index). */
export type ZipEntry = { name: string; sourceKey: string } | { name: string; text: string };

/** Multipart parts of 8 MiB, four in flight: memory stays flat whatever the package's size (S3 allows 10,000 parts: 78 GiB). */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * Streams the entries into one zip (yazl; stored, not compressed: the videos are compressed
 * already; ZIP64 where a size needs it) and the zip into S3 in parts. One source object is open at
 * a time: yazl asks for the next entry's stream once it has written the previous one, so a long
 * package holds no idle S3 streams. Each entry's length is checked against the object's.
 */
export const streamZip = async (key: string, entries: ZipEntry[]) => {
  const zip = new ZipFile();
  let bytes = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  zip.outputStream.pipe(body);
  const upload = new Upload({
    client: s3,
    params: { Bucket: mediaBucket(), Key: key, Body: body, ContentType: 'application/zip' },
    partSize: PART_BYTES,
    queueSize: PARTS_IN_FLIGHT,
  });
  // Whatever fails first (a source object, the zip, the upload) ends the build; the rest is torn down.
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  zip.on('error', fail);
  const mtime = new Date();
  for (const entry of entries) {
    if ('text' in entry) {
      // UTF-8 with a byte-order mark, so editors that guess the encoding read every character.
      zip.addBuffer(Buffer.from(`\uFEFF${entry.text}`, 'utf8'), entry.name, { compress: true, mtime });
      continue;
    }
    const sourceKey = entry.sourceKey;
    zip.addReadStreamLazy(entry.name, { compress: false, mtime }, (give) => {
      s3.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: sourceKey })).then((object) => {
        const source = object.Body as Readable;
        source.on('error', fail);
        give(null, source);
      }, fail);
    });
  }
  zip.end();
  try {
    await Promise.race([upload.done(), failed]);
    return { bytes };
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    body.destroy();
    await upload.abort().catch(() => undefined);
    throw error;
  }
};

/**
 * The builder's one step (lambdas/pipeline/build-answer-package.ts): zips the processed answer
 * videos, named by question number and title, and records the package completed with the answers
 * it left out (failed processing). A build that is no longer the package's (replaced, or the
 * candidate deleted) does nothing; an error fails the execution, whose failure path records it.
 */
export const buildAnswerPackage = async ({ candidateId, buildId }: { candidateId: string; buildId: string }, log: Logger) => {
  const candidate = await getCandidate(candidateId);
  const record = candidate ? answerPackageOf(candidate) : null;
  if (!candidate || record?.buildId !== buildId || record.packageStatus !== 'generating') {
    log.info('answer package build is no longer current', { candidateId, buildId });
    return { built: false };
  }
  const answers = await answersOf(candidateId);
  const { included, leftOut, pending, typed } = packageContents(answers, await getMediaItems(answers.flatMap((a) => (a.mediaId ? [a.mediaId] : []))));
  if (included.length === 0 && typed.length === 0) throw new Error('None of the answers has a processed video to export');
  const startedAt = Date.now();
  const titleOf = (questionIndex: number) => candidate.interview.questions[questionIndex]?.title;
  // Recordings (video and audio) and files from the bucket, text answers as text files (issue 39), by question.
  const entries: [questionIndex: number, entry: ZipEntry][] = [
    ...included.map((answer): [number, ZipEntry] => [
      answer.questionIndex,
      {
        name:
          answer.answerType === 'file'
            ? fileEntryName(answer.questionIndex, answer.fileName, answer.variant.contentType)
            : entryName(
                answer.questionIndex,
                titleOf(answer.questionIndex),
                answer.variant.contentType === 'video/mp4' ? 'mp4' : (answer.variant.key.split('.').pop() ?? 'bin'),
              ),
        sourceKey: answer.variant.key,
      },
    ]),
    ...typed.flatMap((answer): [number, ZipEntry][] =>
      answer.answerType === 'text'
        ? [[answer.questionIndex, { name: entryName(answer.questionIndex, titleOf(answer.questionIndex), 'txt'), text: answer.text ?? '' }]]
        : [],
    ),
  ];
  // Answers other than recordings: an index names every question's answer (the options picked are there only).
  const beyondRecordings = answers.some((a) => a.answerType !== 'video' && a.answerType !== 'audio');
  const index: ZipEntry[] = beyondRecordings
    ? [{ name: INDEX_ENTRY, text: packageIndex(candidate.interview.questions, answers, new Map(entries.map(([q, e]) => [q, e.name])), leftOut) }]
    : [];
  const { bytes } = await streamZip(record.key, [...index, ...entries.sort(([a], [b]) => a - b).map(([, entry]) => entry)]);
  // An answer submitted while the build ran is not in it: the package is stale at once, and exported again.
  const answerIds = answers.filter((answer) => !pending.includes(answer)).map((answer) => answer.answerId);
  try {
    await finishPackageBuild(candidateId, buildId, { packageStatus: 'completed', answerIds, leftOut }, new Date().toISOString());
  } catch (error) {
    if (!(error instanceof PackageBuildTaken)) throw error;
    // Replaced by another build, or the candidate was deleted meanwhile (with what was under their
    // prefix then): this zip is nobody's, so it goes.
    await deleteObject(record.key);
    log.info('answer package build was replaced before it finished', { candidateId, buildId });
    return { built: false };
  }
  // The package this one replaced (and any build that lost its place) is nobody's any more.
  await deletePrefixes([packagePrefix(candidateId)], [record.key]);
  log.info('answer package built', { candidateId, buildId, included: included.length + typed.length, leftOut: leftOut.length, bytes, ms: Date.now() - startedAt });
  return { built: true, included: included.length + typed.length, leftOut: leftOut.length, bytes };
};
