import { Upload } from '@aws-sdk/lib-storage';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import archiver from 'archiver';
import { PassThrough, type Readable } from 'node:stream';
import { mediaBucket, s3 } from '../../shared/clients/aws';
import { packageKey } from '../../shared/storage-definition';
import { answersOf, recordAnswerPackage, type Candidate } from '../../shared/db/candidates';
import { getMediaItems, type MediaItem } from '../../shared/db/media';
import { conflict } from '../../shared/errors';
import type { Logger } from '../../shared/logger';
import { requireCandidateAccess } from '../access/candidate';
import { answerPackageView, slug } from './answer-package-view';

/**
 * The answer package (spec §3, §4): the candidate's answer videos in one zip, streamed from S3
 * through archiver back into S3 (never held whole in memory), named by question number and title.
 */

export const entryName = (questionIndex: number, title: string | null | undefined, extension: string) =>
  `${String(questionIndex + 1).padStart(2, '0')}${title && slug(title) ? `-${slug(title)}` : ''}.${extension}`;

export const buildAnswerPackage = async (
  candidate: Candidate,
  answers: { answerId: string; questionIndex: number; mediaId: string }[],
  media: Map<string, MediaItem>,
) => {
  const archive = archiver('zip', { store: true });
  const key = packageKey(candidate.candidateId);
  // archiver's stream is not a Node Readable that lib-storage recognises: pipe it through one.
  const body = new PassThrough();
  archive.on('error', (error) => body.destroy(error));
  archive.pipe(body);
  const upload = new Upload({ client: s3, params: { Bucket: mediaBucket(), Key: key, Body: body, ContentType: 'application/zip' } });
  const uploaded = upload.done();
  for (const answer of answers) {
    const variant = media.get(answer.mediaId)?.variants[0];
    if (!variant) continue;
    const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: variant.key }));
    const extension = variant.contentType === 'video/mp4' ? 'mp4' : (variant.key.split('.').pop() ?? 'bin');
    archive.append(object.Body as Readable, {
      name: entryName(answer.questionIndex, candidate.interview.questions[answer.questionIndex]?.title, extension),
    });
  }
  await archive.finalize();
  await uploaded;
  await recordAnswerPackage(candidate.candidateId, { key, answerIds: answers.map((a) => a.answerId) });
  return { key, answerIds: answers.map((a) => a.answerId) };
};

/**
 * "Export videos": zips the processed answer videos; answers still processing must finish first.
 * The answers are read alongside the access check.
 */
export const exportAnswerVideos = async (candidateId: string, userId: string, log: Logger) => {
  const { candidate, position, read: answers } = await requireCandidateAccess(candidateId, userId, (c) => answersOf(c.candidateId));
  if (answers.length === 0) throw conflict('This candidate has no answers to export yet.', 'no_answers');
  const media = await getMediaItems(answers.map((a) => a.mediaId));
  if (answers.some((a) => media.get(a.mediaId)?.uploadStatus === 'processing')) {
    throw conflict('The answers are still being processed. Export the videos once they are ready.', 'answers_processing');
  }
  const answerPackage = await buildAnswerPackage(candidate, answers, media);
  log.info('answer package built', { candidateId: candidate.candidateId, answers: answers.length });
  return answerPackageView({ ...candidate, answerPackage }, answers, position.jobTitle);
};
