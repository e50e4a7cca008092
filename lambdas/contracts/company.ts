import * as z from 'zod/mini';
import { summariesUsageSchema, summarySettingSchema } from './summaries';
import { DEFAULT_BRAND_COLORS, RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from './vocabulary';

export const integrationTypes = ['hiringthing', 'ashby', 'comeet', 'greenhouse', 'hrpartner', 'lacrm', 'lever', 'recruitee'] as const;
export const subscriptionStatuses = ['complimentary', 'subscribed', 'not_subscribed'] as const;

const hexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, `Use a color like ${DEFAULT_BRAND_COLORS.primary}.`));

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

/**
 * A company's retention policy (issue 28): a candidate's data is deleted this many months after the
 * position closed or the candidate was last active, whichever is later; null: never automatically.
 */
export const retentionMonthsSchema = z.nullable(
  z
    .int()
    .check(
      z.gte(RETENTION_MONTHS_MIN, `Choose between ${RETENTION_MONTHS_MIN} and ${RETENTION_MONTHS_MAX} months, or never.`),
      z.lte(RETENTION_MONTHS_MAX, `Choose between ${RETENTION_MONTHS_MIN} and ${RETENTION_MONTHS_MAX} months, or never.`),
    ),
);

export const retentionSchema = z.object({ retentionMonths: retentionMonthsSchema });
export type Retention = z.infer<typeof retentionSchema>;

/** The time zone a company's reports count days in until an owner sets theirs (issue 40). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** An IANA time zone name, as `Intl.supportedValuesOf('timeZone')` lists them. */
export const timeZoneSchema = z.string().check(
  z.minLength(1, 'Choose a time zone.'),
  z.maxLength(64, 'Choose a time zone from the list.'),
  z.refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone from the list.'),
);

export const companySchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  config: companyConfigSchema,
  theme: themeSchema,
  retentionMonths: retentionMonthsSchema,
  /** The time zone its reports count days in (issue 40). */
  timeZone: z.string(),
  /** Grounded summaries (issue 41): on or off (off by default), and whether the share page shows them. */
  summaries: summarySettingSchema,
  /** This month's summary tokens and the budget, for owners; null for other members and API keys. */
  summariesUsage: z.nullable(summariesUsageSchema),
});
