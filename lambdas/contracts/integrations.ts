import * as z from 'zod/mini';
import { trimmedLine } from './common';
import { integrationTypes } from './company';
import { EVALUATED_STATUSES } from './vocabulary';

/**
 * ATS and CRM integrations (spec §2 Integrate tab, §3 Integration, §5 Integrations, §7 Integrations):
 * what each type asks for when it is added, the integration as the API shows it (its secret only
 * ever as a mask), the position's tag per integration and the candidate's integration panel.
 */
export { integrationTypes };
export type IntegrationType = (typeof integrationTypes)[number];

export interface IntegrationForm {
  /** The vendor's name as users know it. */
  readonly name: string;
  /** `key`: a credential typed into the form; `oauth`: the vendor's consent page (lever). */
  readonly connect: 'key' | 'oauth';
  /** The secret's label (spec §5); null for OAuth. */
  readonly secretLabel: 'API key' | 'Password' | 'Token' | null;
  /**
   * A second, non-secret field: hiringthing's username, greenhouse's OAuth client id, recruitee's
   * company id. Spec §5 shows one for hiringthing only; greenhouse and recruitee keep theirs because
   * their APIs cannot work without it and nothing derives it from the secret: Harvest v3 issues a
   * token only for the client id and secret together (v1/v2's lone API key was retired), and every
   * Recruitee path is under /c/{company_id}, with no call that names a token's companies (a token is
   * a user's, who may belong to several).
   */
  readonly usernameLabel: string | null;
  /** What the position's tag section asks for, and a hint of where to find it in the ATS. */
  readonly tagLabel: string;
  readonly tagHint: string;
  /** Shown under the form: where to create the credential. */
  readonly help: string;
}

export const integrationForms: Record<IntegrationType, IntegrationForm> = {
  ashby: {
    name: 'Ashby',
    connect: 'key',
    secretLabel: 'API key',
    usernameLabel: null,
    tagLabel: 'Ashby tag',
    tagHint: 'Candidates given this tag in Ashby are invited to this position.',
    help: 'Create an API key in Ashby under Admin › Integrations › API Keys, with candidate read and write permissions.',
  },
  comeet: {
    name: 'Comeet',
    connect: 'key',
    secretLabel: 'API key',
    usernameLabel: null,
    tagLabel: 'Comeet tag',
    tagHint: 'Candidates given this tag in Comeet are invited to this position.',
    help: 'Create an API key in Comeet under Company Settings › Integrations › API.',
  },
  greenhouse: {
    name: 'Greenhouse',
    connect: 'key',
    secretLabel: 'API key',
    usernameLabel: 'Client ID',
    tagLabel: 'Greenhouse candidate tag',
    tagHint: 'Candidates given this tag in Greenhouse are invited to this position.',
    help: 'Greenhouse Harvest API v3 (v1 and v2 were retired on 31 August 2026): create OAuth client credentials in Greenhouse under Configure › Dev Center › API Credentials and enter the client ID and its secret as the API key.',
  },
  hiringthing: {
    name: 'HiringThing',
    connect: 'key',
    secretLabel: 'Password',
    usernameLabel: 'Username',
    tagLabel: 'HiringThing tag',
    tagHint: 'Applicants given this tag in HiringThing are invited to this position.',
    help: 'Use the API key and password shown in HiringThing under Settings › API.',
  },
  hrpartner: {
    name: 'HR Partner',
    connect: 'key',
    secretLabel: 'API key',
    usernameLabel: null,
    tagLabel: 'HR Partner tag',
    tagHint: 'Applicants given this tag in HR Partner are invited to this position.',
    help: 'Create an API key in HR Partner under Setup › API Access.',
  },
  lacrm: {
    name: 'Less Annoying CRM',
    connect: 'key',
    secretLabel: 'API key',
    usernameLabel: null,
    tagLabel: 'Less Annoying CRM group',
    tagHint: 'Contacts in this group are invited to this position.',
    help: 'Create an API key in Less Annoying CRM under Settings › Programmer API.',
  },
  lever: {
    name: 'Lever',
    connect: 'oauth',
    secretLabel: null,
    usernameLabel: null,
    tagLabel: 'Lever tag',
    tagHint: 'Opportunities given this tag in Lever are invited to this position.',
    help: 'You will be asked to allow access in Lever, then brought back here.',
  },
  recruitee: {
    name: 'Recruitee',
    connect: 'key',
    secretLabel: 'Token',
    usernameLabel: 'Company ID',
    tagLabel: 'Recruitee tag',
    tagHint: 'Candidates given this tag in Recruitee are invited to this position.',
    help: 'Create a personal API token in Recruitee under Settings › Apps and plugins › Personal API tokens; the company ID is in the same place.',
  },
};

/** The mask a secret is shown as: about 1.25 times its length (spec §2 Integrate). */
export const SECRET_MASK_CHAR = '•';
export const secretMask = (length: number): string => SECRET_MASK_CHAR.repeat(Math.max(4, Math.round(length * 1.25)));

export const credentialText = (label: string) => trimmedLine(2000, `Enter the ${label}.`, `The ${label} is too long.`);

export const syncStatusSchema = z.object({
  /** When the last sync (scheduled, or a webhook's) ran, and what it did. */
  syncedAt: z.string(),
  invited: z.int(),
  /** Why candidates waiting in the ATS were not invited (credits, a closed position, the ATS refusing). */
  problem: z.nullable(z.string()),
});

export const integrationSchema = z.object({
  integrationId: z.string(),
  integrationType: z.enum(integrationTypes),
  /** hiringthing's username, greenhouse's client id, recruitee's company id; null otherwise. */
  username: z.nullable(z.string()),
  integrationProperties: z.object({
    /** The secret as a mask, never the secret. */
    authToken: z.string(),
    greenhouse: z.nullable(z.object({ automaticStageTransitions: z.boolean() })),
  }),
  /** Whether the ATS tells us of new tags at once (a webhook it registered), besides the 15-minute sync. */
  webhooks: z.boolean(),
  createdAt: z.string(),
  lastSync: z.nullable(syncStatusSchema),
});
export type Integration = z.infer<typeof integrationSchema>;

export const oauthStateSchema = trimmedLine(200, 'The consent link is incomplete.');

/** A position's tag per integration type (spec §2 Settings view, an integration tag section per integration). */
export const integrationTagSchema = z.object({
  integrationType: z.enum(integrationTypes),
  tag: trimmedLine(200, 'Enter a tag, or remove it.', 'Use at most 200 characters.'),
});
export const integrationTagsSchema = z.array(integrationTagSchema).check(
  z.maxLength(integrationTypes.length),
  z.refine((tags) => new Set(tags.map((t) => t.integrationType)).size === tags.length, 'One tag per integration.'),
);

/** What is written back to the candidate's ATS profile: their response, and the team's shortlist or reject. */
export const resultEvents = EVALUATED_STATUSES;
export type ResultEvent = (typeof resultEvents)[number];

/** What was written back to the ATS for a candidate, as the candidate's integration panel shows it. */
export const writeBackStatuses = ['pending', 'retrying', 'delivered', 'failed'] as const;
export const integrationAttributesSchema = z.object({
  profileHref: z.nullable(z.string()),
  writeBack: z.nullable(
    z.object({
      event: z.enum(resultEvents),
      status: z.enum(writeBackStatuses),
      attempts: z.int(),
      lastError: z.nullable(z.string()),
      updatedAt: z.string(),
    }),
  ),
});
export type IntegrationAttributes = z.infer<typeof integrationAttributesSchema>;
