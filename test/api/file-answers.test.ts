import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { keys } from '../../lambdas/data/keys';
import { mediaKeys } from '../../lambdas/adapters/storage-layout';
import { FILE_ANSWER_MAX_BYTES } from '../../lambdas/contracts/media-types';
import { call } from '../support/api';
import { allocateCredits, localDb, localEnv, mediaObjectKeys } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewFixture, seedAnswerSpecs, tokenFromHref } from '../support/interviews';

/**
 * File answers (issue 39): the browser PUTs the file to a presigned URL signed for its size; on
 * submission the server reads the type from the bytes (PDF, DOCX, PNG, JPEG), never the name or
 * the claimed type, and keeps nothing else. Deleting the candidate deletes the file.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const docx = () =>
  new Promise<Uint8Array>((resolve) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('<Types/>'), '[Content_Types].xml');
    zip.addBuffer(Buffer.from('<w:document/>'), 'word/document.xml');
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const put = async (url: string, contentType: string, bytes: Uint8Array) => {
  const res = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: Buffer.from(bytes) });
  expect(res.status).toBe(200);
};

describe('file answers (issue 39)', () => {
  let owner: Owner;
  let positionId: string;
  beforeAll(async () => {
    owner = await registerAndSignIn('File Answers Co');
    await allocateCredits(owner.companyId, 10);
    const position = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Archivist',
        interview: interviewFixture({
          questions: ['Your CV, please', 'A sample of your writing', 'And a few words on video'],
        }),
      },
    });
    expect(position.status).toBe(201);
    positionId = position.body.position_id;
    // Seeded as stored (quicker than the editor; the API takes them too).
    await seedAnswerSpecs(positionId, [{ answerType: 'file' }, { answerType: 'file' }]);
  }, 120_000);

  const invite = async (name: string) => {
    const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
    expect(invited.status).toBe(201);
    return { candidateId: invited.body.candidate_id as string, token: tokenFromHref(invited.body.interview_href) };
  };
  const start = (token: string, questionIndex: number, fileName: string, size: number) =>
    call('startFileAnswer', { params: { token, questionIndex }, body: { file_name: fileName, size } });

  it('takes a position asking for a file through the API, and refuses an unknown answer type with the field named', async () => {
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Archivist', interview: interviewFixture({ questions: [{ title: 'Your CV', answer: { answer_type: 'file' } }] }) },
    });
    expect(created.status).toBe(201);
    const { body: read } = await call('getPosition', { params: { positionId: created.body.position_id }, session: owner.sessionId });
    expect(read.interview.questions[0]!.answer).toEqual({ answer_type: 'file' });
    const refused = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Archivist', interview: interviewFixture({ questions: [{ title: 'Your CV', answer: { answer_type: 'essay' } as never }] }) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toEqual([expect.objectContaining({ loc: expect.arrayContaining(['questions', 0, 'answer', 'answer_type']) })]);
  });

  it('keeps a PDF and a Word document as what their bytes are, ready at once, and the questions asked to record refuse a file', async () => {
    const { candidateId, token } = await invite('Fran File');

    // Claimed as a picture, named .png: it is a PDF, and is kept as one.
    const first = await start(token, 0, 'cv.png', pdf.length);
    expect(first.status).toBe(201);
    expect(first.body.max_bytes).toBe(FILE_ANSWER_MAX_BYTES);
    await put(first.body.upload_url, first.body.upload_content_type, pdf);
    const submitted = await call('submitAnswer', { params: { token, answerId: first.body.answer_id }, body: { uploaded: 'file' } });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toEqual({ completed: false });
    // A repeat answers the same.
    expect((await call('submitAnswer', { params: { token, answerId: first.body.answer_id }, body: { uploaded: 'file' } })).body).toEqual({ completed: false });

    const { Item: candidate } = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(candidateId) }));
    const answer = candidate!.answers.q0;
    expect(answer).toMatchObject({ answerId: first.body.answer_id, answerType: 'file', fileName: 'cv.png' });
    const { Item: media } = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.media(answer.mediaId) }));
    expect(media).toMatchObject({ uploadStatus: 'ready', contentType: 'application/pdf', size: pdf.length });
    expect(media!.variants).toEqual([{ key: mediaKeys(answer.mediaId).source, contentType: 'application/pdf' }]);

    const word = await docx();
    const second = await start(token, 1, 'sample.docx', word.length);
    await put(second.body.upload_url, second.body.upload_content_type, word);
    expect((await call('submitAnswer', { params: { token, answerId: second.body.answer_id }, body: { uploaded: 'file' } })).status).toBe(200);

    // Answered: no second file; a recorded question takes no file, a file question no recording.
    expect((await start(token, 0, 'again.pdf', pdf.length)).status).toBe(409);
    const wrong = await start(token, 2, 'video.pdf', pdf.length);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_answer_type');
    expect((await start(token, 7, 'x.pdf', pdf.length)).body.code).toBe('unknown_question');
  });

  it('refuses a file that is none of the types whatever its name says, one too large, and an upload that never came, losing nothing else', async () => {
    const { token } = await invite('Tim Type');
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const started = await start(token, 0, 'cv.pdf', html.length);
    expect(started.status).toBe(201);
    // Nothing uploaded yet: the submission says so.
    const early = await call('submitAnswer', { params: { token, answerId: started.body.answer_id }, body: { uploaded: 'file' } });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('upload_incomplete');

    await put(started.body.upload_url, started.body.upload_content_type, html);
    const refused = await call('submitAnswer', { params: { token, answerId: started.body.answer_id }, body: { uploaded: 'file' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'unsupported_file_type', detail: 'This file is not a PDF, Word (DOCX), PNG or JPEG file. Choose a file of one of those types.' });
    // The refused file is gone; the question is still open for another.
    expect(await mediaObjectKeys(started.body.upload_url.match(/uploads\/[^/]+\//)![0])).toEqual([]);
    expect((await call('getInterview', { params: { token } })).body.questions[0].answered).toBe(false);

    const tooLarge = await start(token, 0, 'huge.pdf', FILE_ANSWER_MAX_BYTES + 1);
    expect(tooLarge.status).toBe(400);
    expect(JSON.stringify(tooLarge.body.detail)).toContain('larger than 10 MB');

    // A recording's submission of a file answer is refused, and a file's of a recording.
    const again = await start(token, 0, 'cv.pdf', pdf.length);
    const asParts = await call('submitAnswer', { params: { token, answerId: again.body.answer_id }, body: { parts: [{ part_number: 1, etag: '"x"' }] } });
    expect(asParts.status).toBe(400);
    expect(asParts.body.code).toBe('wrong_answer_type');
  });

  it('deleting the candidate deletes their file', async () => {
    const { candidateId, token } = await invite('Dee Deleted');
    const started = await start(token, 0, 'cv.pdf', pdf.length);
    await put(started.body.upload_url, started.body.upload_content_type, pdf);
    expect((await call('submitAnswer', { params: { token, answerId: started.body.answer_id }, body: { uploaded: 'file' } })).status).toBe(200);
    const prefix = started.body.upload_url.match(/uploads\/[^/]+\//)![0] as string;
    expect(await mediaObjectKeys(prefix)).toHaveLength(1);
    expect((await call('deleteCandidate', { params: { candidateId }, session: owner.sessionId })).status).toBe(200);
    expect(await mediaObjectKeys(prefix)).toEqual([]);
  });
});
