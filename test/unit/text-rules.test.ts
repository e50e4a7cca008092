import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../lambdas/operations/account';
import { candidateNameSchema } from '../../lambdas/contracts/candidate';
import {
  companyNameSchema,
  isMultiLineText,
  isSingleLineText,
  MULTI_LINE_TEXT_MESSAGE,
  SINGLE_LINE_TEXT_MESSAGE,
} from '../../lambdas/contracts/common';
import { createUserMediaUpload } from '../../lambdas/operations/media';
import { jobTitleSchema, outroSchema, questionSchema } from '../../lambdas/contracts/position';
import { headerSafe, sendMail } from '../../lambdas/adapters/mail';

const controls = {
  NUL: 'a\u0000b',
  CR: 'a\rb',
  LF: 'a\nb',
  CRLF: 'a\r\nb',
  tab: 'a\tb',
  'other C0 (BEL)': 'a\u0007b',
  ESC: 'a\u001bb',
  DEL: 'a\u007fb',
  'C1 (NEL)': 'a\u0085b',
  'line separator': 'a\u2028b',
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': 'a\udc00b',
  'high surrogate at the end': 'a\ud83d',
  ...Object.fromEntries(
    ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].map((c) => [
      `bidi U+${c.codePointAt(0)!.toString(16).toUpperCase()}`,
      `a${c}b`,
    ]),
  ),
};
const humanText = [
  'Ada Lovelace',
  'Zoë Ørsted-Łukasiewicz',
  'محمد عبد الله',
  '李小龍',
  'Dev 👩‍💻 lead',
  'R&D / QA: "lead"?',
  'O’Brien',
  'a\u200fb (RLM)',
  '',
];

describe('single-line human text', () => {
  it.each(Object.entries(controls))('refuses %s', (_, text) => {
    expect(isSingleLineText(text)).toBe(false);
  });

  it.each(humanText)('accepts %j', (text) => {
    expect(isSingleLineText(text)).toBe(true);
  });

  it('is the rule of every single-line field, with one message, after trimming', () => {
    for (const schema of [jobTitleSchema, candidateNameSchema, companyNameSchema]) {
      const result = schema.safeParse('Senior\r\nengineer');
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toEqual([SINGLE_LINE_TEXT_MESSAGE]);
      expect(schema.safeParse('Evil\u202Egnp.exe').success).toBe(false);
      expect(schema.parse('  Senior engineer \n')).toBe('Senior engineer');
    }
    const question = questionSchema.safeParse({ title: 'Why\nus?', content: '' });
    expect(question.error!.issues).toEqual([expect.objectContaining({ path: ['title'], message: SINGLE_LINE_TEXT_MESSAGE })]);
    expect(outroSchema.safeParse({ title: 'Thanks\u0000' }).success).toBe(false);
    const tags = createAccount.body!.safeParse({ email: 'a@example.com', companyName: 'Acme', tags: ['ok', 'bad\ntag'] });
    expect(tags.error!.issues[0]).toMatchObject({ path: ['tags', 1], message: SINGLE_LINE_TEXT_MESSAGE });
    const upload = createUserMediaUpload.body!.safeParse({
      mediaGroupId: 'group-123',
      contentType: 'video/mp4',
      properties: { companyId: 'c1', size: 1, fileName: 'clip\u202E4pm.exe' },
    });
    expect(upload.error!.issues[0]).toMatchObject({ path: ['properties', 'fileName'], message: SINGLE_LINE_TEXT_MESSAGE });
  });
});

describe('multi-line human text', () => {
  it('keeps line breaks and tabs but refuses CR, NUL, other controls, lone surrogates and bidi overrides', () => {
    expect(isMultiLineText('First line\nsecond\tindented')).toBe(true);
    for (const [name, text] of Object.entries(controls)) {
      expect(isMultiLineText(text), name).toBe(['LF', 'tab', 'line separator'].includes(name));
    }
  });

  it('is the rule of descriptions and messages', () => {
    expect(questionSchema.safeParse({ title: 'Why us?', content: 'Take your time.\nTwo minutes is plenty.' }).success).toBe(true);
    const bell = questionSchema.safeParse({ title: 'Why us?', content: 'Ring\u0007' });
    expect(bell.error!.issues).toEqual([expect.objectContaining({ path: ['content'], message: MULTI_LINE_TEXT_MESSAGE })]);
    expect(outroSchema.safeParse({ content: 'Bye\u202E' }).success).toBe(false);
  });
});

describe('mail headers', () => {
  const ses = mockClient(SESv2Client);
  beforeEach(() => ses.reset());

  it('never carry CR or LF, whatever text reaches them', async () => {
    expect(headerSafe('Ada\r\nBcc: victim@example.com')).toBe('Ada Bcc: victim@example.com');
    expect(headerSafe('a\n\n\u0000b\u2028c')).toBe('a b c');
    ses.on(SendEmailCommand).resolves({});
    await sendMail({ to: 'ada@example.com\r\n', subject: 'Engineer\r\nBcc: victim@example.com completed', text: 'line 1\nline 2', html: '<p>x</p>' });
    const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Content!.Simple!.Subject!.Data).toBe('Engineer Bcc: victim@example.com completed');
    expect(input.Destination!.ToAddresses).toEqual(['ada@example.com']);
    expect(input.Content!.Simple!.Body!.Text!.Data).toBe('line 1\nline 2');
  });
});
