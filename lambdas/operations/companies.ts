import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { currencies, intervals, tiers } from '../contracts/billing-catalog';
import { companyNameSchema } from '../contracts/common';
import { companyConfigSchema, companySchema, retentionSchema, subscriptionStatuses, themeSchema, timeZoneSchema } from '../contracts/company';
import { summarySettingSchema } from '../contracts/summaries';
import { defineOperation } from './operation';

export const getCompany = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}',
  auth: 'session',
  apiKeyScope: 'read',
  grants: ['table:read'],
  summary: 'A company the user belongs to, with its config and theme.',
  params: companyIdParams,
  response: companySchema,
});

export const updateCompany = defineOperation({
  method: 'PUT',
  path: '/companies/{companyId}',
  auth: 'owner',
  grants: ['table:write'],
  summary: 'Renames the company (owner only).',
  params: companyIdParams,
  body: z.object({ companyName: companyNameSchema }),
  response: companySchema,
});

export const deleteCompany = defineOperation({
  method: 'DELETE',
  path: '/companies/{companyId}',
  auth: 'owner',
  grants: ['table:write', 'media:delete', 'ats:api'],
  timeoutSeconds: 120,
  summary: 'Deletes the company with its memberships and data (owner only).',
  params: companyIdParams,
  response: z.undefined(),
  successStatus: 204,
});

export const getCompanyConfig = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/config',
  auth: 'session',
  grants: ['table:read'],
  summary: "The company's feature switches and the integration types this deployment supports.",
  params: companyIdParams,
  response: companyConfigSchema,
});

export const getOwnershipStatus = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/ownership-status',
  auth: 'session',
  grants: ['table:read'],
  summary: 'Whether the signed-in user owns the company.',
  params: companyIdParams,
  response: z.object({ isOwner: z.boolean() }),
});

export const getPlanStatus = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/plan-status',
  auth: 'session',
  grants: ['table:read'],
  summary: "The company's subscription status, its subscription while subscribed, and its interview credits.",
  params: companyIdParams,
  response: z.object({
    subscriptionStatus: z.enum(subscriptionStatuses),
    candidatePacksStatus: z.object({ allocated: z.int(), invited: z.int(), remaining: z.int() }),
    /** The paying subscription, while subscribed. */
    subscription: z.nullable(
      z.object({
        tier: z.enum(tiers),
        interval: z.enum(intervals),
        currency: z.enum(currencies),
        cancelAtPeriodEnd: z.boolean(),
        currentPeriodEnd: z.nullable(z.string()),
      }),
    ),
  }),
});

export const getTheme = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/theme',
  auth: 'session',
  grants: ['table:read'],
  summary: "The company's branding theme (the default theme until one is saved).",
  params: companyIdParams,
  response: themeSchema,
});

export const putTheme = defineOperation({
  method: 'PUT',
  path: '/companies/{companyId}/theme',
  auth: 'owner',
  grants: ['table:write'],
  summary: "Saves the company's branding theme (owner only). The logo is a media group of this company holding an image, or null.",
  params: companyIdParams,
  body: themeSchema,
  response: themeSchema,
});

export const putRetention = defineOperation({
  method: 'PUT',
  path: '/companies/{companyId}/retention',
  auth: 'owner',
  grants: ['table:write'],
  summary:
    "Sets the company's retention policy (owner only): candidates' data is deleted this many months (1-24) after their position closed or they were last active, whichever is later; null: never automatically.",
  params: companyIdParams,
  body: retentionSchema,
  response: retentionSchema,
});

export const putTimeZone = defineOperation({
  method: 'PUT',
  path: '/companies/{companyId}/time-zone',
  auth: 'owner',
  grants: ['table:write'],
  summary:
    "Sets the IANA time zone (e.g. `Europe/London`) the company's reports count days in (owner only). Candidates are counted on the day they were invited, in the zone set when each change of theirs is counted: a change applies from then on, and what was counted stays on its day.",
  params: companyIdParams,
  body: z.object({ timeZone: timeZoneSchema }),
  response: z.object({ timeZone: z.string() }),
});

export const putSummaries = defineOperation({
  method: 'PUT',
  path: '/companies/{companyId}/summaries',
  auth: 'owner',
  grants: ['table:write'],
  summary:
    "Switches grounded summaries on or off for the company (owner only; off by default), and whether the share page shows them (issue 41). On, each transcribed answer's transcript lines and question title (nothing else about the candidate) are sent to Amazon Bedrock in the stack's region for 2-5 points, each citing the second it comes from and checked against the transcript; never a score, rank or recommendation. Off hides every summary at once.",
  params: companyIdParams,
  body: summarySettingSchema,
  response: summarySettingSchema,
});
