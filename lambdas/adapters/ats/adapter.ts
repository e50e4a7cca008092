import type { IntegrationType, ResultEvent } from '../../contracts/integrations';

export type { ResultEvent };

/**
 * One adapter per ATS or CRM (lambdas/adapters/ats/<type>.ts): the few calls the product
 * makes, written from the vendor's public API documentation. Adapters know nothing of the table,
 * of KMS or of where they run: they get the decrypted credentials and the vendor's base URLs
 * (`endpoint`), which are the vendor's own unless the environment names a stand-in
 * (ATS_<TYPE>_API_URL, _AUTH_URL and _APP_URL, as STRIPE_API_URL does for Stripe).
 */
export interface AtsCredentials {
  /** The API key, password (hiringthing), token (recruitee) or OAuth client secret (greenhouse). */
  readonly authToken?: string;
  /** hiringthing's username (its API key), greenhouse's OAuth client id, recruitee's company id. */
  readonly username?: string;
  /** OAuth tokens (lever; greenhouse caches its client-credentials token here). */
  readonly accessToken?: string;
  readonly refreshToken?: string;
  /** ISO time the access token expires. */
  readonly expiresAt?: string;
}

/** `api` the vendor's API, `auth` its OAuth server, `app` its web app (profile links). */
export type AtsEndpointName = 'api' | 'auth' | 'app';

/** The environment variable that points one of a type's endpoints elsewhere (the local stand-ins). */
export const atsEndpointVariable = (type: IntegrationType, name: AtsEndpointName) => `ATS_${type.toUpperCase()}_${name.toUpperCase()}_URL` as const;

export interface AtsConnection {
  readonly credentials: AtsCredentials;
  /**
   * Stores credentials an adapter renewed (an OAuth refresh), encrypted, before it uses them; the
   * adapter then reads `credentials` again (the connection is updated in place).
   */
  saveCredentials(credentials: AtsCredentials): Promise<void>;
  /** The vendor's API, auth or app base URL, without a trailing slash. */
  endpoint(name: AtsEndpointName): string;
  /** The product's OAuth client registered with the vendor (lever); throws for a type without one. */
  oauthClient(): Promise<OAuthClient>;
}

export interface OAuthClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** A candidate (application, opportunity, contact) the ATS holds with a tag. */
export interface AtsCandidate {
  /** What the product writes back to, opaque to everything but the adapter (an id, or ids joined). */
  readonly ref: string;
  readonly name: string;
  readonly email: string | null;
  /** The candidate's page in the ATS ("Open profile"), when it has one. */
  readonly profileHref: string | null;
}

export interface AtsResult {
  readonly event: ResultEvent;
  /** The note to add, plain text, with the link to the answers in it. */
  readonly note: string;
  readonly answersHref: string;
  /** Move the application to its next stage (greenhouse's automaticStageTransitions, on `responded`). */
  readonly advanceStage: boolean;
}

/** A webhook the adapter registered with the ATS through its API. */
export interface RegisteredWebhook {
  readonly webhookIds: readonly string[];
  /** The secret deliveries are signed with (ours, or the one the ATS generated). */
  readonly secret: string;
}

export interface WebhookDelivery {
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly rawBody: string;
}

export interface AtsAdapter {
  readonly type: IntegrationType;
  /** The vendor's public base URLs (each overridden by ATS_<TYPE>_API_URL, _AUTH_URL, _APP_URL). */
  readonly endpoints: { readonly api: string; readonly auth?: string; readonly app?: string };
  /** Resolves when the ATS accepts the credentials; throws AtsCredentialsRejected when it refuses them. */
  verifyCredentials(connection: AtsConnection): Promise<void>;
  /** Every candidate carrying `tag` (the adapter pages through, up to MAX_TAGGED). */
  listTagged(connection: AtsConnection, tag: string): Promise<AtsCandidate[]>;
  /** Writes a result to the candidate's profile: a note with the link (and a stage move where asked). */
  writeResult(connection: AtsConnection, ref: string, result: AtsResult): Promise<void>;
  /** Webhooks, for an ATS whose API can register them; absent where the 15-minute sync is all there is. */
  readonly webhooks?: {
    /** Registers `url` for the events that tag candidates; `secret` is ours, for an ATS that takes one. */
    register(connection: AtsConnection, url: string, secret: string): Promise<RegisteredWebhook>;
    unregister(connection: AtsConnection, webhookIds: readonly string[]): Promise<void>;
    /** Whether the delivery carries a valid signature made with `secret` (constant-time compare). */
    verify(delivery: WebhookDelivery, secret: string): boolean;
  };
}

/** The most candidates one tag brings in one sync (the rest come with the next). */
export const MAX_TAGGED = 500;

/** The ATS refused the credentials (401/403 on the check): the owner sees the spec's message. */
export class AtsCredentialsRejected extends Error {
  constructor(message = 'The ATS refused the credentials') {
    super(message);
    this.name = 'AtsCredentialsRejected';
  }
}

/** A call to the ATS failed; `retryable` when trying again later may succeed (network, 429, 5xx). */
export class AtsRequestFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AtsRequestFailed';
  }
}
