import type { IntegrationType } from '../../../lambdas/contracts/integrations';

/**
 * The ATS stand-ins (lib/local/ats): one per integration type, each speaking its vendor's wire
 * protocol and auth scheme for the calls the adapters (lambdas/adapters/ats) make. They share
 * one candidate model (below), a control page and JSON API (server.ts), persistence and outages;
 * a vendor module (vendors/<type>.ts) only maps its vendor's requests onto that model.
 *
 * Paths, under the stand-ins' origin:
 * - `/_local/ats/{type}/api/...`   the vendor's API (the adapter's `api` endpoint)
 * - `/_local/ats/{type}/auth/...`  the vendor's OAuth endpoints, where it has them (`auth` endpoint)
 * - `/_local/ats/{type}/app/...`   the vendor's web app: profile links (`app` endpoint); the page of the
 *                                   candidate whose id is one of the path's segments
 * - `/_local/ats/{type}`           the control page; JSON under it (server.ts)
 */
export interface StandInNote {
  readonly id: string;
  readonly body: string;
  readonly createdAt: string;
}

export interface StandInStageMove {
  readonly from: string;
  readonly to: string;
  readonly at: string;
}

export interface StandInCandidate {
  /** The vendor's id of the person (and of their application/opportunity/contact; vendors that keep two ids derive the second). */
  readonly id: string;
  name: string;
  email: string | null;
  tags: string[];
  /** The current stage (greenhouse moves it; others keep the first). */
  stage: string;
  notes: StandInNote[];
  stageMoves: StandInStageMove[];
  readonly createdAt: string;
}

/** A webhook registered through the vendor's API. */
export interface StandInHook {
  readonly id: string;
  readonly url: string;
  /** The secret deliveries are signed with. */
  readonly secret: string;
  /** The vendor's event name, when its API takes one. */
  readonly event: string | null;
}

/** An OAuth code or token the stand-in issued (lever, greenhouse). */
export interface StandInToken {
  readonly kind: 'code' | 'access' | 'refresh';
  readonly value: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The redirect URI a code was issued for (checked at the exchange). */
  readonly redirectUri?: string;
  used?: boolean;
}

export interface VendorState {
  candidates: StandInCandidate[];
  hooks: StandInHook[];
  tokens: StandInToken[];
}

export interface StandInRequest {
  readonly method: string;
  /** The path after `/_local/ats/{type}/api` or `/auth`, starting with `/` (`/v1/opportunities`). */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly rawBody: string;
}

export interface StandInResponse {
  readonly status: number;
  readonly headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is (set content-type in headers). */
  readonly body?: unknown;
}

export interface VendorContext {
  readonly state: VendorState;
  /** Persists the state after a change. */
  save(): void;
  /** `{origin}/_local/ats/{type}`: the vendor's web app is `{base}/app` (profile links). */
  readonly base: string;
  readonly now: () => Date;
}

export interface VendorStandIn {
  readonly type: IntegrationType;
  /** The credentials it accepts, shown on its control page (what a tester types into the Integrate tab). */
  readonly accepts: Readonly<Record<string, string>>;
  /** The vendor's API: a response, or undefined for a path it does not know (404). */
  api(request: StandInRequest, context: VendorContext): Promise<StandInResponse | undefined> | StandInResponse | undefined;
  /** The vendor's OAuth endpoints (authorize page, token), where it has them. */
  auth?(request: StandInRequest, context: VendorContext): Promise<StandInResponse | undefined> | StandInResponse | undefined;
  /** The signed delivery the vendor sends a registered hook when `candidate` gets a tag; absent without webhooks. */
  webhookDelivery?(hook: StandInHook, candidate: StandInCandidate, context: VendorContext): { headers: Record<string, string>; body: string };
}

/** A webhook the stand-in delivered, as its control page lists them. */
export interface WebhookDeliveryResult {
  readonly hookId: string;
  readonly url: string;
  readonly status: number | null;
  readonly at: string;
}
