import * as z from 'zod/mini';
import { answerTranscriptsSchema, publicAnswerSchema } from '../contracts/candidate';
import { idSchema } from '../contracts/common';
import { themeSchema } from '../contracts/company';
import { answerSummaryViewSchema, summaryOverviewViewSchema } from '../contracts/summaries';
import { defineOperation } from './operation';

export const getPublicCandidate = defineOperation({
  method: 'GET',
  path: '/public-candidates/{publicCandidateId}',
  auth: 'public',
  // table:write: each opening is recorded on the link (`last_opened_at`, issue 28).
  grants: ['table:write', 'media:read'],
  summary:
    "A shared candidate's answers, for anyone with the link: nothing beyond what the public page shows. A link that is off or past its expiry is a 404.",
  params: z.object({ publicCandidateId: idSchema }),
  response: z.object({
    candidateName: z.string(),
    jobTitle: z.string(),
    companyName: z.string(),
    /** The company's branding: its theme, and a short-lived link to its logo while the theme is on. */
    theme: themeSchema,
    logoHref: z.nullable(z.string()),
    questions: z.array(z.object({ title: z.nullable(z.string()), content: z.nullable(z.string()) })),
    answers: z.array(
      z.extend(publicAnswerSchema, {
        /** Its machine-written summary (issue 41), only while the company shows summaries on the share page; null otherwise. */
        summary: z.nullable(answerSummaryViewSchema),
      }),
    ),
    /** The overview across answers (issue 41), only while the company shows summaries on the share page; null otherwise. */
    summaryOverview: z.nullable(summaryOverviewViewSchema),
  }),
});

export const getCompanyLogo = defineOperation({
  method: 'GET',
  path: '/company-logos/{logoImageGroupId}',
  auth: 'public',
  grants: ['table:read', 'media:read'],
  summary:
    "The company's logo while its theme is on: a redirect to the image (e-mails link here, so the link outlives any presigned URL). 404 otherwise.",
  params: z.object({ logoImageGroupId: idSchema }),
  response: z.undefined(),
  successStatus: 302,
});

export const getPublicAnswerTranscripts = defineOperation({
  method: 'GET',
  path: '/public-candidates/{publicCandidateId}/answer-transcripts',
  auth: 'public',
  grants: ['table:read', 'media:read'],
  summary: "A shared candidate's transcripts.",
  params: z.object({ publicCandidateId: idSchema }),
  response: answerTranscriptsSchema,
});
