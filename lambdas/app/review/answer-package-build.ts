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
import { entryName, packageContents } from './answer-package-contents';

/** Multipart parts of 8 MiB, four in flight: memory stays flat whatever the package's size (S3 allows 10,000 parts: 78 GiB). */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * Streams the entries into one zip (yazl; stored, not compressed: the videos are compressed
 * already; ZIP64 where a size needs it) and the zip into S3 in parts. One source object is open at
 * a time: yazl asks for the next entry's stream once it has written the previous one, so a long
 * package holds no idle S3 streams. Each entry's length is checked against the object's.
 */
export const streamZip = async (key: string, entries: { name: string; sourceKey: string }[]) => {
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
    zip.addReadStreamLazy(entry.name, { compress: false, mtime }, (give) => {
      s3.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: entry.sourceKey })).then((object) => {
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
  const { included, leftOut, pending } = packageContents(answers, await getMediaItems(answers.map((a) => a.mediaId)));
  if (included.length === 0) throw new Error('None of the answers has a processed video to export');
  const startedAt = Date.now();
  const { bytes } = await streamZip(
    record.key,
    included.map((answer) => ({
      name: entryName(
        answer.questionIndex,
        candidate.interview.questions[answer.questionIndex]?.title,
        answer.variant.contentType === 'video/mp4' ? 'mp4' : (answer.variant.key.split('.').pop() ?? 'bin'),
      ),
      sourceKey: answer.variant.key,
    })),
  );
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
  log.info('answer package built', { candidateId, buildId, included: included.length, leftOut: leftOut.length, bytes, ms: Date.now() - startedAt });
  return { built: true, included: included.length, leftOut: leftOut.length, bytes };
};
