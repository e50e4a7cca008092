/**
 * Key patterns of the single table, defined once. Every data-access module builds its keys here.
 * Ids are opaque random strings, so prefixes keep entity kinds apart in one key space.
 */
import { sha256 } from '../platform/crypto';

/** Addresses are compared trimmed and in lower case (the contracts' e-mail schema already sends them so). */
const normalizedEmail = (email: string) => email.trim().toLowerCase();

/** GSI1 partition of a company's positions. */
const positionList = (companyId: string) => `COMPANY#${companyId}#POSITIONS`;

/** Sort-key prefixes that Queries read a kind of item by (begins_with). */
export const sortKeyPrefixes = {
  /** A company partition's memberships, and a user's companies on GSI1. */
  member: 'MEMBER#',
  company: 'COMPANY#',
  invite: 'INVITE#',
  /** A candidate partition's answers and recording attempts. */
  answer: 'ANSWER#',
  attempt: 'ATTEMPT#',
  /** A candidate partition's drafts of text answers (issue 39), one per question. */
  draft: 'DRAFT#',
  /** A candidate partition's comments (issue 27), oldest first by the sort key. */
  comment: 'COMMENT#',
  /** A candidate partition's scorecards, one per reviewer (issue 27). */
  scorecard: 'SCORECARD#',
  /** A company partition's webhook endpoints (issue 38); sorts before PROFILE, which its deletion removes last. */
  webhookEndpoint: 'ENDPOINT#',
  /** A webhook endpoint's delivery log, by time (the delivery id sorts by time). */
  webhookDelivery: 'DELIVERY#',
  /** A company partition's single sign-on items (issue 42): providers, domains, settings. */
  sso: 'SSO#',
} as const;

/**
 * The scheduled jobs' partitions (invite expiry, planned messages, ATS results, the ATS sync) are
 * split into SCHEDULE_SHARDS shards by a hash of the candidate's or the integration's id
 * (`INVITE_EXPIRY#07`), so however many items are pending no key holds more than about 1/16 of
 * them. Writers (the key functions below) and readers (db/schedule-shards.ts) both go through
 * scheduleShard.
 */
export const SCHEDULE_SHARDS = 16;

/** The shard of a candidate's or an integration's schedule items: the first 32 bits of the id's SHA-256. */
export const scheduleShard = (id: string): number => parseInt(sha256(id).slice(0, 8), 16) % SCHEDULE_SHARDS;

const shardOf = (partition: string, shard: number) => `${partition}#${String(shard).padStart(2, '0')}`;

/** The partition key of each schedule's shard, as its job reads it. */
export const schedulePartitions = {
  inviteExpiry: (shard: number) => shardOf('INVITE_EXPIRY', shard),
  plannedMessages: (shard: number) => shardOf('PLANNED_MESSAGES', shard),
  integrationResults: (shard: number) => shardOf('INTEGRATION_RESULTS', shard),
  integrationsToSync: (shard: number) => shardOf('INTEGRATIONS', shard),
} as const;

/** The shard of the companies the retention job visits (issue 28), by a hash of the company's id (never unsharded). */
export const retentionPartition = (shard: number) => shardOf('RETENTION', shard);

/**
 * The same partitions before they were sharded, one key each. Nothing writes them any more; only
 * migration 002-schedule-shards (`npm run migrate`) reads them, to move what they still hold into the shards.
 */
export const unshardedSchedulePartitions = {
  inviteExpiry: 'INVITE_EXPIRY',
  plannedMessages: 'PLANNED_MESSAGES',
  integrationResults: 'INTEGRATION_RESULTS',
  integrationsToSync: 'INTEGRATIONS',
} as const satisfies Record<keyof typeof schedulePartitions, string>;

/** The partition of a company's summary usage items (issue 41), one per month. */
export const summaryUsagePartition = 'SUMMARY_USAGE#';

export const keys = {
  session: (sessionHash: string) => ({ PK: `SESSION#${sessionHash}`, SK: 'SESSION' }),
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  company: (companyId: string) => ({ PK: `COMPANY#${companyId}`, SK: 'PROFILE' }),
  /** Uniqueness of e-mail addresses: one item per address, written in the account's transaction. */
  userEmail: (email: string) => ({ PK: `EMAIL#${email}`, SK: 'USER' }),
  membership: (companyId: string, userId: string) => ({ PK: `COMPANY#${companyId}`, SK: `${sortKeyPrefixes.member}${userId}` }),
  /** GSI1 of a membership: the companies of a user, in one Query. */
  membershipByUser: (userId: string, companyId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SK: `${sortKeyPrefixes.company}${companyId}` }),
  magicCode: (emailHash: string) => ({ PK: `CODE#${emailHash}`, SK: 'CODE' }),
  /** A pending member invitation, in the company's partition beside its memberships. */
  memberInvite: (companyId: string, inviteId: string) => ({ PK: `COMPANY#${companyId}`, SK: `${sortKeyPrefixes.invite}${inviteId}` }),
  /** Lookup of an invitation by the hash of its link's nonce. */
  memberInviteNonce: (nonceHash: string) => ({ PK: `MEMBERINVITE#${nonceHash}`, SK: 'INVITE' }),
  /** A candidate's request to delete their data (issue 28), by the hash of its confirmation link's nonce (single use, TTL 24 h). */
  deletionRequest: (nonceHash: string) => ({ PK: `DELETIONREQUEST#${nonceHash}`, SK: 'REQUEST' }),
  /**
   * A deletion receipt (issue 28) in the company's partition: receipt id, time, kinds, path and count,
   * kept without personal data (no address, name or candidate id); deleted with the company.
   */
  deletionReceipt: (companyId: string, receiptId: string) => ({ PK: `COMPANY#${companyId}`, SK: `DELETIONRECEIPT#${receiptId}` }),
  /** An API key (issue 38), by the id its secret carries. */
  apiKey: (keyId: string) => ({ PK: `APIKEY#${keyId}`, SK: 'KEY' }),
  /** GSI1 of an API key: the company's keys, newest first. */
  apiKeyByCompany: (companyId: string, createdAt: string, keyId: string) => ({
    GSI1PK: `COMPANY#${companyId}#APIKEYS`,
    GSI1SK: `${createdAt}#${keyId}`,
  }),
  rateLimit: (name: string, subject: string, windowStart: number) => ({ PK: `RATE#${name}#${subject}`, SK: String(windowStart) }),
  /** A request made with an Idempotency-Key (lambdas/data/idempotency.ts), by the hash of its route, caller and key; TTL 24 h. */
  idempotency: (scopeHash: string) => ({ PK: `IDEMPOTENCY#${scopeHash}`, SK: 'REQUEST' }),
  media: (mediaId: string) => ({ PK: `MEDIA#${mediaId}`, SK: 'MEDIA' }),
  mediaGroup: (mediaGroupId: string) => ({ PK: `MEDIAGROUP#${mediaGroupId}`, SK: 'GROUP' }),
  /** GSI1 of a media item: the items of its group, newest first. */
  mediaInGroup: (mediaGroupId: string, createdAt: string, mediaId: string) => ({
    GSI1PK: `MEDIAGROUP#${mediaGroupId}`,
    GSI1SK: `${createdAt}#${mediaId}`,
  }),
  position: (positionId: string) => ({ PK: `POSITION#${positionId}`, SK: 'POSITION' }),
  /** GSI1 of a position: the company's positions by status, newest first. */
  positionByCompany: (companyId: string, status: string, createdAt: string, positionId: string) => ({
    GSI1PK: positionList(companyId),
    GSI1SK: `${status}#${createdAt}#${positionId}`,
  }),
  /** A position's scorecard criteria (issue 27), beside the position item (deleted with it). */
  positionScorecard: (positionId: string) => ({ PK: `POSITION#${positionId}`, SK: 'SCORECARD' }),
  applyLink: (linkId: string) => ({ PK: `APPLYLINK#${linkId}`, SK: 'LINK' }),
  /** A candidate's partition: the profile, their answers and their recording attempts. */
  candidate: (candidateId: string) => ({ PK: `CANDIDATE#${candidateId}`, SK: 'CANDIDATE' }),
  answer: (candidateId: string, questionIndex: number) => ({
    PK: `CANDIDATE#${candidateId}`,
    SK: `${sortKeyPrefixes.answer}${String(questionIndex).padStart(2, '0')}`,
  }),
  /** GSI1 of an answer: the answer by its id (ratings, transcripts). */
  answerById: (answerId: string) => ({ GSI1PK: `ANSWER#${answerId}`, GSI1SK: 'ANSWER' }),
  attempt: (candidateId: string, answerId: string) => ({ PK: `CANDIDATE#${candidateId}`, SK: `${sortKeyPrefixes.attempt}${answerId}` }),
  /** The draft of a text answer while the candidate types it (issue 39), in their partition (it goes with them). */
  draft: (candidateId: string, questionIndex: number) => ({
    PK: `CANDIDATE#${candidateId}`,
    SK: `${sortKeyPrefixes.draft}${String(questionIndex).padStart(2, '0')}`,
  }),
  /** A comment on a candidate (issue 27), in their partition (it goes with them), by time. */
  comment: (candidateId: string, createdAt: string, commentId: string) => ({
    PK: `CANDIDATE#${candidateId}`,
    SK: `${sortKeyPrefixes.comment}${createdAt}#${commentId}`,
  }),
  /** GSI1 of a comment: the comment by its id (PUT/DELETE /comments/{id} name no candidate). */
  commentById: (commentId: string) => ({ GSI1PK: `COMMENT#${commentId}`, GSI1SK: 'COMMENT' }),
  /** A reviewer's scorecard of a candidate (issue 27), in the candidate's partition (deleted with them). */
  scorecard: (candidateId: string, userId: string) => ({ PK: `CANDIDATE#${candidateId}`, SK: `${sortKeyPrefixes.scorecard}${userId}` }),
  /** A live recording of a take (lambdas/data/live-recordings.ts), by its id: the IVS stage's. */
  liveRecording: (recordingId: string) => ({ PK: `RECORDING#${recordingId}`, SK: 'RECORDING' }),
  /** Lookup of a candidate by the hash of their interview token (strongly consistent, unlike an index). */
  interviewToken: (tokenHash: string) => ({ PK: `INTERVIEW#${tokenHash}`, SK: 'TOKEN' }),
  /**
   * Uniqueness of an address among a position's candidates: one item per (position, address), put in
   * the transaction that creates the candidate and deleted in the one that deletes them.
   */
  candidateEmail: (positionId: string, email: string) => ({ PK: `POSITION#${positionId}#EMAIL#${normalizedEmail(email)}`, SK: 'CANDIDATE' }),
  /**
   * A search token of a candidate (domain/search.ts) in the position's search partition: a search
   * reads the tokens its word begins (one Query of a key range). Put in the transaction
   * that creates the candidate, deleted in the one that deletes them.
   */
  candidateSearchToken: (positionId: string, token: string, candidateId: string) => ({
    PK: `POSITION#${positionId}#SEARCH`,
    SK: `${token}#${candidateId}`,
  }),
  /**
   * A word an answer says (domain/transcript-search.ts) in the position's transcript partition: a
   * transcript search reads the words its longest word begins (one Query of a key range). Written
   * with the transcript (data/candidates/transcript-index.ts), deleted with the candidate.
   */
  transcriptWord: (positionId: string, token: string, answerId: string) => ({
    PK: `POSITION#${positionId}#WORDS`,
    SK: `${token}#${answerId}`,
  }),
  /** GSI1 of a candidate: every candidate of a position, newest invite first (deletion, export). */
  candidateByPosition: (positionId: string, createdAt: string, candidateId: string) => ({
    GSI1PK: `POSITION#${positionId}#CANDIDATES`,
    GSI1SK: `${createdAt}#${candidateId}`,
  }),
  /** GSI2 of a candidate: one status tab of a position, newest first (invite time, or completion time). */
  candidateByStatus: (positionId: string, status: string, sortTime: string, candidateId: string) => ({
    GSI2PK: `POSITION#${positionId}#${status}`,
    GSI2SK: `${sortTime}#${candidateId}`,
  }),
  /** GSI3 of an invited candidate with a deadline (sparse): the expiry job reads what is due from each shard, oldest deadline first. */
  candidateExpiry: (expiresAt: string, candidateId: string) => ({
    GSI3PK: schedulePartitions.inviteExpiry(scheduleShard(candidateId)),
    GSI3SK: `${expiresAt}#${candidateId}`,
  }),
  /** GSI3 of a candidate who completed the interview: responded, shortlisted and rejected together, by completion time. */
  candidateDone: (positionId: string, completedAt: string, candidateId: string) => ({
    GSI3PK: `POSITION#${positionId}#DONE`,
    GSI3SK: `${completedAt}#${candidateId}`,
  }),
  /**
   * GSI4 of a scored candidate (sparse, issue 27): one status tab of a position, by mean score. The
   * sort key is domain/scorecards.ts scoreSortKey; status changes move the partition key with the status.
   */
  candidateByScore: (positionId: string, status: string, sortKey: string) => ({
    GSI4PK: `POSITION#${positionId}#${status}#SCORED`,
    GSI4SK: sortKey,
  }),
  /**
   * GSI5 of a listed candidate (issue 28, not previews): the company's candidates by the start of
   * their retention clock (last activity: invite, answer, reinvite; moved to the position's closing
   * by the retention job), oldest first, so the job reads what is due with `GSI5SK < cutoff`.
   */
  candidateRetention: (companyId: string, lastActiveAt: string, candidateId: string) => ({
    GSI5PK: `RETAIN#${companyId}`,
    GSI5SK: `${lastActiveAt}#${candidateId}`,
  }),
  /** GSI3 of a company's profile: the company in its retention shard, so the retention job visits every company. */
  companyRetention: (companyId: string) => ({
    GSI3PK: retentionPartition(scheduleShard(companyId)),
    GSI3SK: companyId,
  }),
  /**
   * A company's summary token usage in a UTC month (issue 41, `yyyy-mm`): the summarising step ADDs
   * its tokens, the company's GET reads this month's, the company's deletion takes every month's.
   */
  summaryUsage: (companyId: string, month: string) => ({ PK: `${summaryUsagePartition}${companyId}`, SK: `MONTH#${month}` }),
  /** A message planned for a candidate at a time (in the candidate's shard, read by the sender job up to now). */
  plannedMessage: (dueAt: string, candidateId: string, templateId: string) => ({
    PK: schedulePartitions.plannedMessages(scheduleShard(candidateId)),
    SK: `${dueAt}#${candidateId}#${templateId}`,
  }),
  /** A company's message template, by its id (GET/PUT/DELETE /message-templates/{id} name no company). */
  messageTemplate: (templateId: string) => ({ PK: `TEMPLATE#${templateId}`, SK: 'TEMPLATE' }),
  /** GSI1 of a message template: the company's templates, oldest first. */
  messageTemplateByCompany: (companyId: string, createdAt: string, templateId: string) => ({
    GSI1PK: `COMPANY#${companyId}#TEMPLATES`,
    GSI1SK: `${createdAt}#${templateId}`,
  }),
  /** A Stripe Checkout the SPA started, by the SPA's own reference (its status page polls it). */
  checkout: (frontendReferenceId: string) => ({ PK: `CHECKOUT#${frontendReferenceId}`, SK: 'CHECKOUT' }),
  /** A Stripe event already applied: written in the same transaction as its effect, so it applies once. */
  stripeEvent: (eventId: string) => ({ PK: `STRIPEEVENT#${eventId}`, SK: 'EVENT' }),
  /** An ATS integration, by its id (DELETE /integrations/{id} and its webhook name no company). */
  integration: (integrationId: string) => ({ PK: `INTEGRATION#${integrationId}`, SK: 'INTEGRATION' }),
  /** GSI1 of an integration: the company's integrations, by type. */
  integrationByCompany: (companyId: string, integrationType: string) => ({
    GSI1PK: `COMPANY#${companyId}#INTEGRATIONS`,
    GSI1SK: integrationType,
  }),
  /** GSI2 of an integration: every integration of the deployment (in the integration's shard), for the 15-minute sync. */
  integrationToSync: (integrationId: string) => ({
    GSI2PK: schedulePartitions.integrationsToSync(scheduleShard(integrationId)),
    GSI2SK: integrationId,
  }),
  /** One integration per type and company: put with the integration, on the condition that it does not exist. */
  integrationType: (companyId: string, integrationType: string) => ({ PK: `COMPANY#${companyId}`, SK: `INTEGRATIONTYPE#${integrationType}` }),
  /**
   * A candidate of the ATS invited to a position (or found there already), in the integration's partition:
   * put in the transaction that creates the candidate, so a re-delivered webhook or the next sync never invites twice.
   */
  integrationImport: (integrationId: string, positionId: string, ref: string) => ({
    PK: `INTEGRATION#${integrationId}`,
    SK: `IMPORT#${positionId}#${ref}`,
  }),
  /** An OAuth consent in flight, by the hash of its state (single use, short-lived: TTL). */
  oauthState: (stateHash: string) => ({ PK: `OAUTHSTATE#${stateHash}`, SK: 'STATE' }),
  /** A result to write back to an ATS at a time (in the candidate's shard, read by the delivery job up to now). */
  integrationResult: (dueAt: string, candidateId: string, event: string) => ({
    PK: schedulePartitions.integrationResults(scheduleShard(candidateId)),
    SK: `${dueAt}#${candidateId}#${event}`,
  }),
  /**
   * An audit log entry (issue 28) in the company's audit partition, by time; GSI1 the same entries of
   * one candidate, GSI2 those of one member. Ids only (names are read when the log is listed); TTL
   * from the company's retention months.
   */
  auditEntry: (companyId: string, at: string, entryId: string) => ({ PK: `AUDIT#${companyId}`, SK: `${at}#${entryId}` }),
  /**
   * One opening of a candidate's page whose view is in the audit log (issue 43: its background
   * re-reads are not views of their own), by the hash of the member, the candidate and the page's
   * view id: no id in the clear (a deleted candidate leaves nothing readable); TTL a day.
   */
  auditOpening: (openingHash: string) => ({ PK: `AUDITOPENING#${openingHash}`, SK: 'OPENING' }),
  auditEntryByCandidate: (companyId: string, candidateId: string, at: string, entryId: string) => ({
    GSI1PK: `AUDIT#${companyId}#CANDIDATE#${candidateId}`,
    GSI1SK: `${at}#${entryId}`,
  }),
  auditEntryByMember: (companyId: string, userId: string, at: string, entryId: string) => ({
    GSI2PK: `AUDIT#${companyId}#MEMBER#${userId}`,
    GSI2SK: `${at}#${entryId}`,
  }),
  /**
   * A webhook endpoint (issue 38) in its company's partition: the fan-out reads a company's endpoints in
   * one Query, and they go with the company.
   */
  webhookEndpoint: (companyId: string, endpointId: string) => ({ PK: `COMPANY#${companyId}`, SK: `${sortKeyPrefixes.webhookEndpoint}${endpointId}` }),
  /** One delivery attempt in the endpoint's log partition; the id sorts by time, so a page is newest first. TTL 30 days. */
  webhookDelivery: (endpointId: string, deliveryId: string) => ({
    PK: `WEBHOOKLOG#${endpointId}`,
    SK: `${sortKeyPrefixes.webhookDelivery}${deliveryId}`,
  }),
  /** A shared candidate's public id → the candidate. */
  publicCandidate: (publicCandidateId: string) => ({ PK: `PUBLICCANDIDATE#${publicCandidateId}`, SK: 'CANDIDATE' }),
  /**
   * A data migration applied to the table (`npm run migrate`, scripts/migrations.ts): one partition
   * for all of them, so the runner reads what ran in one Query. Only the operator's command touches it.
   */
  migration: (migrationId: string) => ({ PK: 'MIGRATION', SK: migrationId }),
  /**
   * Reports (issue 40): a company's and a position's per-day aggregates (numbers only: they outlive
   * the candidates they count), one partition each so a report is one Query of a range of days.
   */
  reportCompanyDay: (companyId: string, day: string) => ({ PK: `REPORT#COMPANY#${companyId}`, SK: `DAY#${day}` }),
  reportPositionDay: (positionId: string, day: string) => ({ PK: `REPORT#POSITION#${positionId}`, SK: `DAY#${day}` }),
  /** The same partitions' month items (`yyyy-mm`): a month's sums and its days' series, so a report reads months, not every day. */
  reportCompanyMonth: (companyId: string, month: string) => ({ PK: `REPORT#COMPANY#${companyId}`, SK: `MONTH#${month}` }),
  reportPositionMonth: (positionId: string, month: string) => ({ PK: `REPORT#POSITION#${positionId}`, SK: `MONTH#${month}` }),
  /** A stream record the reports counted (its eventID), kept two days (a stream keeps records one): a redelivery adds nothing. */
  reportEvent: (eventId: string) => ({ PK: `REPORT#EVENT#${eventId}`, SK: 'EVENT' }),
  /**
   * Single sign-on (issue 42), in the company's partition under `SSO#` (the configuration is one Query):
   * its identity providers, its domains, and its settings (with the recovery code's hash).
   */
  ssoProvider: (companyId: string, providerId: string) => ({ PK: `COMPANY#${companyId}`, SK: `${sortKeyPrefixes.sso}PROVIDER#${providerId}` }),
  ssoDomain: (companyId: string, domain: string) => ({ PK: `COMPANY#${companyId}`, SK: `${sortKeyPrefixes.sso}DOMAIN#${domain}` }),
  ssoSettings: (companyId: string) => ({ PK: `COMPANY#${companyId}`, SK: `${sortKeyPrefixes.sso}SETTINGS` }),
  /** A proven domain's one company: written when the proof succeeds, only if no other company holds it. */
  ssoDomainClaim: (domain: string) => ({ PK: `SSODOMAIN#${domain}`, SK: 'CLAIM' }),
  /** An OIDC sign-in under way, by the hash of its state (PKCE verifier, nonce), single use, TTL 10 minutes. */
  ssoLogin: (stateHash: string) => ({ PK: `SSOLOGIN#${stateHash}`, SK: 'LOGIN' }),
  /** The one-time ticket a finished single sign-on hands the app, by its hash (TTL 2 minutes). */
  ssoTicket: (ticketHash: string) => ({ PK: `SSOTICKET#${ticketHash}`, SK: 'TICKET' }),
  /** GSI1 of a session (issue 42): a user's sessions, to end them when their company requires single sign-on. */
  sessionByUser: (userId: string, sessionHash: string) => ({ GSI1PK: `USER#${userId}#SESSIONS`, GSI1SK: `SESSION#${sessionHash}` }),
  /** GSI2 of a session from single sign-on: its provider's sessions, to end them when the provider is removed. */
  sessionByProvider: (providerId: string, sessionHash: string) => ({ GSI2PK: `SSOPROVIDER#${providerId}#SESSIONS`, GSI2SK: `SESSION#${sessionHash}` }),
} as const;

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

// SAML (issue 42)
/**
 * SAML sign-ins' items, by key (the ids are hashed: an identity provider's answer names them, so their
 * length is not ours to bound). Both expire by TTL.
 */
export const samlKeys = {
  /** An AuthnRequest of ours awaiting its answer, per provider (10 minutes; deleted once answered): InResponseTo must name one. */
  request: (providerId: string, requestIdHash: string) => ({ PK: `SAMLREQUEST#${providerId}#${requestIdHash}`, SK: 'REQUEST' }),
  /** An assertion accepted, per provider, kept until it expires: the same assertion posted again is refused. */
  assertion: (providerId: string, assertionIdHash: string) => ({ PK: `SAMLASSERTION#${providerId}#${assertionIdHash}`, SK: 'ASSERTION' }),
} as const;
