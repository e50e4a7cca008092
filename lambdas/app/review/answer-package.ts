import { Upload } from '@aws-sdk/lib-storage';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import archiver from 'archiver';
import { PassThrough, type Readable } from 'node:stream';
import { mediaBucket, s3 } from '../../shared/clients/aws';
import { packageKey } from '../../shared/storage-definition';
import { recordAnswerPackage, type Candidate } from '../../shared/db/candidates';
import type { MediaItem } from '../../shared/db/media';
import { slug } from './answer-package-view';

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
