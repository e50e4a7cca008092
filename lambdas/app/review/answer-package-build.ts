import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import archiver from 'archiver';
import { mediaBucket, s3 } from '../../shared/clients/aws';
import { answerPackageOf, answersOf, finishPackageBuild, getCandidate, PackageBuildTaken } from '../../shared/db/candidates';
import { getMediaItems } from '../../shared/db/media';
import type { Logger } from '../../shared/logger';
import { entryName, packageContents } from './answer-package-contents';

/** Multipart parts of 8 MiB, four in flight: memory stays flat whatever the package's size (S3 allows 10,000 parts: 78 GiB). */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * Streams the entries into one zip (stored, not compressed: the videos are compressed already)
 * and the zip into S3 in parts. One source object is open at a time: the next is requested once
 * archiver has written the previous one, so a long package holds no idle S3 streams.
 */
export const streamZip = async (key: string, entries: { name: string; sourceKey: string }[]) => {
  const archive = archiver('zip', { store: true });
  // archiver's stream is not a Node Readable that lib-storage recognises: pipe it through one.
  const body = new PassThrough();
  archive.on('error', (error) => body.destroy(error));
  archive.pipe(body);
  const upload = new Upload({
    client: s3,
    params: { Bucket: mediaBucket(), Key: key, Body: body, ContentType: 'application/zip' },
    partSize: PART_BYTES,
    queueSize: PARTS_IN_FLIGHT,
  });
  const uploaded = upload.done();
  // A failed upload stops the archive at once instead of leaving it waiting on backpressure.
  const uploadFailed = uploaded.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => Promise.reject(error),
  );
  uploadFailed.catch(() => undefined);
  try {
    for (const entry of entries) {
      const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: entry.sourceKey }));
      const written = once(archive, 'entry');
      archive.append(object.Body as Readable, { name: entry.name });
      await Promise.race([written, uploadFailed]);
    }
    await Promise.race([archive.finalize(), uploadFailed]);
    await uploaded;
    return { bytes: archive.pointer() };
  } catch (error) {
    archive.abort();
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
    log.info('answer package build was replaced before it finished', { candidateId, buildId });
    return { built: false };
  }
  log.info('answer package built', { candidateId, buildId, included: included.length, leftOut: leftOut.length, bytes, ms: Date.now() - startedAt });
  return { built: true, included: included.length, leftOut: leftOut.length, bytes };
};
