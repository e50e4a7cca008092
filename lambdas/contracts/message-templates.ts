import * as z from 'zod/mini';
import { idSchema, multiLineText, trimmedLine } from './common';

/**
 * Message templates (spec §3): the placeholders a template may use, defined once (the renderer
 * fills them, the contracts refuse any other, the SPA lists them), and the template routes.
 */
export const messagePlaceholders = [
  { name: 'candidateName', label: "Candidate's name" },
  { name: 'companyName', label: 'Company name' },
  { name: 'jobTitle', label: 'Job title' },
  { name: 'interviewLink', label: 'Interview link' },
  { name: 'deadline', label: 'Deadline' },
] as const;

export type MessagePlaceholder = (typeof messagePlaceholders)[number]['name'];

/** The placeholder every invitation or reminder must carry: the candidate's own link. */
export const INTERVIEW_LINK_PLACEHOLDER = '{interviewLink}';

/** `{word}` in a template's text. */
export const PLACEHOLDER_PATTERN = /\{(\w+)\}/g;

/** The `{placeholders}` of a text that are not in the list, each once. */
export const unknownPlaceholders = (text: string): string[] => {
  const known = new Set<string>(messagePlaceholders.map((p) => p.name));
  return [...new Set([...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!).filter((name) => !known.has(name)))];
};

/**
 * Whether a message with this trigger is one the candidate must act on (an invitation or a
 * reminder), so the template must carry their link: everything but `response` (the thank-you).
 */
export const triggerNeedsInterviewLink = (sendTrigger: string) => sendTrigger !== 'response';

export const TEMPLATE_NAME_MAX = 100;
export const SUBJECT_LINE_MAX = 200;
export const BODY_CONTENT_MAX = 5000;

const knownPlaceholders = <S extends z.ZodMiniString<string>>(schema: S) =>
  schema.check(
    z.superRefine((text: string, ctx) => {
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}. Use only ${messagePlaceholders.map((p) => `{${p.name}}`).join(', ')}.`,
        });
    }),
  );

export const messageTemplateBodySchema = z.object({
  templateName: trimmedLine(TEMPLATE_NAME_MAX, 'Enter a name.', `Use at most ${TEMPLATE_NAME_MAX} characters.`),
  subjectLine: knownPlaceholders(trimmedLine(SUBJECT_LINE_MAX, 'Enter a subject.', `Use at most ${SUBJECT_LINE_MAX} characters.`)),
  bodyContent: knownPlaceholders(
    multiLineText(z.trim(), z.minLength(1, 'Enter the message.'), z.maxLength(BODY_CONTENT_MAX, `Use at most ${BODY_CONTENT_MAX} characters.`)),
  ),
});

export const messageTemplateSchema = z.object({
  templateId: z.string(),
  templateName: z.string(),
  subjectLine: z.string(),
  bodyContent: z.string(),
  isStandard: z.boolean(),
  inUse: z.boolean(),
});

export const templateIdParams = z.object({ templateId: idSchema });

/** A template's wording as the dialog holds it (saved or not), for a preview or a test mail. */
export const messageDraftSchema = z.pick(messageTemplateBodySchema, { subjectLine: true, bodyContent: true });

export const renderedMessageSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
