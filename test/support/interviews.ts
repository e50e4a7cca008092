import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { AnswerSpec, KnockoutSettings } from '../../lambdas/contracts/answer-types';
import { keys } from '../../lambdas/data/keys';
import { call } from './api';
import { localDb, localEnv } from './aws';
import { mailTo } from './accounts';

/**
 * The candidate's side through the API, as the browser does it: start an answer, PUT its bytes in
 * parts to presigned URLs, submit with the parts' ETags.
 */
export const tokenFromHref = (href: string) => /#\/interview\/([A-Za-z0-9_-]+)$/.exec(href)?.[1] ?? '';

export const interviewLinkMailedTo = async (email: string): Promise<string> => {
  const mail = (await mailTo(email)).find((m) => m.subject.includes('invites you to a video interview'));
  const href = /(http\S+#\/interview\/[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!href) throw new Error(`no interview link was mailed to ${email}`);
  return href;
};

export const startAnswer = async (token: string, questionIndex: number, contentType = 'video/webm') => {
  const res = await call('startAnswer', { params: { token }, body: { question_index: questionIndex, content_type: contentType } });
  return res;
};

/** Uploads `bytes` as parts of `partSize` (the last may be smaller), returning what submission needs. */
export const uploadParts = async (token: string, answerId: string, bytes: Uint8Array, partSize: number) => {
  const count = Math.max(1, Math.ceil(bytes.length / partSize));
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  const urls = await call('getAnswerPartUrls', { params: { token, answerId }, body: { part_numbers: numbers } });
  expect(urls.status).toBe(200);
  const parts: { part_number: number; etag: string }[] = [];
  for (const { part_number, upload_url } of urls.body.parts as { part_number: number; upload_url: string }[]) {
    const chunk = bytes.subarray((part_number - 1) * partSize, part_number * partSize);
    const put = await fetch(upload_url, { method: 'PUT', body: Buffer.from(chunk) });
    expect(put.status).toBe(200);
    parts.push({ part_number, etag: put.headers.get('etag')! });
  }
  return parts;
};

export const answerQuestion = async (token: string, questionIndex: number, bytes: Uint8Array) => {
  const started = await startAnswer(token, questionIndex);
  expect(started.status).toBe(201);
  const answerId = started.body.answer_id as string;
  const parts = await uploadParts(token, answerId, bytes, started.body.min_part_bytes as number);
  const submitted = await call('submitAnswer', { params: { token, answerId }, body: { parts } });
  expect(submitted.status).toBe(200);
  return { answerId, completed: submitted.body.completed as boolean };
};

/** A question, intro or outro of a position's interview on the wire; what is left out is empty. */
export interface QuestionFixture {
  title?: string;
  content?: string;
  video_group_id?: string | null;
  thumbnail_image_group_id?: string | null;
  /** What the question asks for (issue 39), snake_case as sent; a video when absent. */
  answer?: Record<string, unknown>;
}

/** The one builder of a position's interview (createPosition's and updatePosition's `interview`), in snake_case as sent. */
export const interviewFixture = ({
  questions = ['Tell us about yourself'],
  pacing = {},
  intro = null,
  outro = null,
}: {
  /** A title stands for a text question. */
  questions?: readonly (string | QuestionFixture)[];
  pacing?: Partial<{ thinking_time: number | null; answer_time: number; retakes: number | null }>;
  intro?: QuestionFixture | null;
  outro?: QuestionFixture | null;
} = {}) => {
  const item = (q: QuestionFixture) => ({ title: '', content: '', thumbnail_image_group_id: null, video_group_id: null, ...q });
  return {
    intro: intro && item(intro),
    questions: questions.map((q) => item(typeof q === 'string' ? { title: q } : q)),
    outro: outro && item(outro),
    pacing: { thinking_time: 30, answer_time: 120, retakes: 0, ...pacing },
  };
};

/** A position's interview asking these questions, without intro, outro or videos. */
export const interviewAsking = (...titles: string[]) => interviewFixture({ questions: titles });

/**
 * A position whose candidates (`names`, invited without e-mail, in this order: the last is the newest
 * response) have each answered every question with one clip, once every answer's video is processed
 * with its thumbnail (the poster): what a review screen's test starts from. Throws if the pipeline
 * failed an answer or took more than five minutes.
 */
export const answeredPosition = async (
  owner: { companyId: string; sessionId: string },
  options: { jobTitle: string; questions: string[]; names: string[]; clip: Uint8Array },
): Promise<{ positionId: string; ids: Map<string, string> }> => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: options.jobTitle, interview: interviewFixture({ questions: options.questions }) },
  });
  expect(created.status).toBe(201);
  const positionId = created.body.position_id as string;
  const ids = new Map<string, string>();
  for (const name of options.names) {
    const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
    expect(res.status).toBe(201);
    ids.set(name, res.body.candidate_id);
    for (const index of options.questions.keys()) await answerQuestion(tokenFromHref(res.body.interview_href), index, options.clip);
  }
  await processedAnswers(owner, ids, options.questions.length);
  return { positionId, ids };
};

/**
 * Waits until each candidate's (`candidates`: name → id) `answerCount` answers are processed, each video ready with its
 * thumbnail; throws if the pipeline failed an answer or took more than five minutes. By hand, not
 * with expect.poll (which works only inside a test), so it serves beforeAll hooks too.
 */
export const processedAnswers = async (owner: { sessionId: string }, candidates: ReadonlyMap<string, string>, answerCount: number): Promise<void> => {
  const states = () =>
    Promise.all(
      [...candidates.values()].map(async (candidateId) => {
        const candidate = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
        if (candidate.status !== 200) return 'processing';
        const answers = candidate.body.answers as { video: { upload_status: string }; thumbnail: unknown }[];
        if (answers.some((a) => a.video.upload_status === 'failed')) return 'failed';
        return answers.length === answerCount && answers.every((a) => a.video.upload_status === 'ready' && a.thumbnail) ? 'ready' : 'processing';
      }),
    );
  const deadline = Date.now() + 300_000;
  let now = await states();
  while (now.includes('processing') && !now.includes('failed') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    now = await states();
  }
  if (now.some((state) => state !== 'ready'))
    throw new Error(`answers not processed: ${[...candidates.keys()].map((name, i) => `${name} ${now[i]}`).join(', ')}`);
};

/**
 * Sets what a position's questions ask for (issue 39) straight in its item, as stored (camelCase):
 * quicker than the wizard for tests of one side (the wizard builds every type in
 * test/e2e/answer-types.e2e.test.ts). Candidates invited afterwards get the interview with them.
 */
export const seedAnswerSpecs = async (positionId: string, specs: readonly AnswerSpec[], knockout?: KnockoutSettings) => {
  await localDb().send(
    new UpdateCommand({
      TableName: localEnv().TABLE_NAME,
      Key: keys.position(positionId),
      UpdateExpression: `SET ${specs.map((_, i) => `interview.questions[${i}].answer = :a${i}`).join(', ')}${knockout ? ', interview.knockout = :k' : ''}`,
      ExpressionAttributeValues: { ...Object.fromEntries(specs.map((spec, i) => [`:a${i}`, spec])), ...(knockout ? { ':k': knockout } : {}) },
    }),
  );
};
