import * as z from 'zod/mini';
import { companyIdParams } from './account';
import { currencies, intervals, tiers } from './billing-catalog';
import { companyNameSchema, idSchema } from './common';
import { defineContract } from './contract';

export const integrationTypes = ['hiringthing', 'ashby', 'comeet', 'greenhouse', 'hrpartner', 'lacrm', 'lever', 'recruitee'] as const;
export const subscriptionStatuses = ['complimentary', 'subscribed', 'not_subscribed'] as const;

const hexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a color like #3f51b5.'));

export const themeSchema = z.object({
  themeEnabled: z.boolean(),
  themeDefinition: z.object({
    palette: z.object({
      primary: z.object({ main: hexColor }),
      secondary: z.object({ main: hexColor }),
    }),
  }),
  logoImageGroupId: z.nullable(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type Theme = z.infer<typeof themeSchema>;

export const companyConfigSchema = z.object({
  isEvaluationEnabled: z.boolean(),
  isRatingEnabled: z.boolean(),
  integrationTypes: z.array(z.enum(integrationTypes)),
});

const companySchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  config: companyConfigSchema,
  theme: themeSchema,
});

export const getCompany = defineContract({
  summary: 'A company the user belongs to, with its config and theme.',
  params: companyIdParams,
  response: companySchema,
});

export const updateCompany = defineContract({
  summary: 'Renames the company (owner only).',
  params: companyIdParams,
  body: z.object({ companyName: companyNameSchema }),
  response: companySchema,
});

export const deleteCompany = defineContract({
  summary: 'Deletes the company with its memberships and data (owner only).',
  params: companyIdParams,
  response: z.undefined(),
  successStatus: 204,
});

export const getCompanyConfig = defineContract({
  summary: "The company's feature switches and the integration types this deployment supports.",
  params: companyIdParams,
  response: companyConfigSchema,
});

export const getOwnershipStatus = defineContract({
  summary: 'Whether the signed-in user owns the company.',
  params: companyIdParams,
  response: z.object({ isOwner: z.boolean() }),
});

export const getPlanStatus = defineContract({
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

export const getTheme = defineContract({
  summary: "The company's branding theme (the default theme until one is saved).",
  params: companyIdParams,
  response: themeSchema,
});

export const putTheme = defineContract({
  summary: "Saves the company's branding theme (owner only). The logo is a media group of this company holding an image, or null.",
  params: companyIdParams,
  body: themeSchema,
  response: themeSchema,
});

export const getCompanyLogo = defineContract({
  summary:
    "The company's logo while its theme is on: a redirect to the image (e-mails link here, so the link outlives any presigned URL). 404 otherwise.",
  params: z.object({ logoImageGroupId: idSchema }),
  response: z.undefined(),
  successStatus: 302,
});
