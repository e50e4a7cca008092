import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SsoJoinMode, SsoProviderKind, SsoSettings } from '../contracts/sso';
import { DEFAULT_SSO_SETTINGS } from '../contracts/sso';
import { newId, randomToken, sha256 } from '../platform/crypto';
import { batchGetItems, keyId } from './batch-get';
import { db, tableName } from './client';
import { writeIf } from './conditional-write';
import { epochSeconds, keys, sortKeyPrefixes } from './keys';
import { memberInviteId, memberMembershipStep, newAccountSteps } from './members';
import { newSessionItem, type SessionOrigin } from './sessions';
import { ConditionFailed, transact } from './transaction';

/** Single sign-on's items (issue 42): providers, domains and settings in the company's partition; claims, logins and tickets by key. */

export interface SsoProviderItem {
  companyId: string;
  providerId: string;
  kind: SsoProviderKind;
  name: string;
  createdAt: string;
  /** OIDC */
  issuer?: string;
  clientId?: string;
  /** The Secrets Manager secret holding the OIDC client secret (its name). */
  clientSecretId?: string;
  /** SAML */
  idpEntityId?: string;
  idpSsoUrl?: string;
  /** The identity provider's signing certificates (base64 DER, no PEM armour). */
  certificates?: string[];
}

export interface SsoDomainItem {
  domain: string;
  token: string;
  createdAt: string;
  provenAt?: string;
}

export interface StoredSsoSettings extends SsoSettings {
  recoveryCodeHash?: string;
}

const providerFromItem = (item: Record<string, any>): SsoProviderItem => ({
  companyId: item.companyId,
  providerId: item.providerId,
  kind: item.kind,
  name: item.name,
  createdAt: item.createdAt,
  ...(item.issuer ? { issuer: item.issuer, clientId: item.clientId, clientSecretId: item.clientSecretId } : {}),
  ...(item.idpEntityId ? { idpEntityId: item.idpEntityId, idpSsoUrl: item.idpSsoUrl, certificates: item.certificates ?? [] } : {}),
});

const settingsFromItem = (item: Record<string, any> | undefined): StoredSsoSettings =>
  item
    ? {
        requireSso: item.requireSso === true,
        joinMode: (item.joinMode as SsoJoinMode) ?? DEFAULT_SSO_SETTINGS.joinMode,
        ...(typeof item.recoveryCodeHash === 'string' ? { recoveryCodeHash: item.recoveryCodeHash } : {}),
      }
    : { ...DEFAULT_SSO_SETTINGS };

const domainFromItem = (item: Record<string, any>): SsoDomainItem => ({
  domain: item.domain,
  token: item.token,
  createdAt: item.createdAt,
  ...(item.provenAt ? { provenAt: item.provenAt } : {}),
});

/** A company's whole single sign-on configuration: one Query of its partition's `SSO#` range. */
export const getSsoConfiguration = async (companyId: string) => {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sso)',
      ExpressionAttributeValues: { ':pk': keys.company(companyId).PK, ':sso': sortKeyPrefixes.sso },
      ConsistentRead: true,
    }),
  );
  const providers: SsoProviderItem[] = [];
  const domains: SsoDomainItem[] = [];
  let settings = settingsFromItem(undefined);
  for (const item of Items) {
    const sk = String(item.SK);
    if (sk.startsWith(`${sortKeyPrefixes.sso}PROVIDER#`)) providers.push(providerFromItem(item));
    else if (sk.startsWith(`${sortKeyPrefixes.sso}DOMAIN#`)) domains.push(domainFromItem(item));
    else if (sk === keys.ssoSettings(companyId).SK) settings = settingsFromItem(item);
  }
  providers.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  domains.sort((a, b) => a.domain.localeCompare(b.domain));
  return { providers, domains, settings };
};

export const getSsoProvider = async (companyId: string, providerId: string): Promise<SsoProviderItem | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.ssoProvider(companyId, providerId) }));
  return Item ? providerFromItem(Item) : null;
};

export const putSsoProvider = async (provider: SsoProviderItem): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.ssoProvider(provider.companyId, provider.providerId), type: 'ssoProvider', ...provider },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
};

export const newSsoProviderId = (): string => newId();

/** Removes a provider: the item it was, or null when there was none. */
export const deleteSsoProviderItem = async (companyId: string, providerId: string): Promise<SsoProviderItem | null> => {
  const { Attributes } = await db.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.ssoProvider(companyId, providerId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes ? providerFromItem(Attributes) : null;
};

/** Adds a domain to prove, or answers the one already added (the same token, so the record asked for stays the same). */
export const addSsoDomain = async (companyId: string, domain: string, now = new Date()): Promise<SsoDomainItem> => {
  const item = { domain, token: randomToken(24), createdAt: now.toISOString() };
  const written = await writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.ssoDomain(companyId, domain), type: 'ssoDomain', ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  if (written) return item;
  const existing = await getSsoDomain(companyId, domain);
  return existing ?? item;
};

export const getSsoDomain = async (companyId: string, domain: string): Promise<SsoDomainItem | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.ssoDomain(companyId, domain), ConsistentRead: true }));
  return Item ? domainFromItem(Item) : null;
};

export class DomainClaimedElsewhere extends Error {}

/**
 * Marks a domain proven and claims it for the company, in one transaction: the claim is written only
 * when no other company holds it (a company proving it again keeps its claim).
 */
export const proveSsoDomain = async (companyId: string, domain: string, now = new Date()): Promise<string> => {
  const provenAt = now.toISOString();
  try {
    await transact([
      {
        name: 'claim',
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...keys.ssoDomainClaim(domain), type: 'ssoDomainClaim', domain, companyId, provenAt },
            ConditionExpression: 'attribute_not_exists(PK) OR companyId = :company',
            ExpressionAttributeValues: { ':company': companyId },
          },
        },
      },
      {
        name: 'domain',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.ssoDomain(companyId, domain),
            UpdateExpression: 'SET provenAt = :at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':at': provenAt },
          },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'claim') throw new DomainClaimedElsewhere();
    throw error;
  }
  return provenAt;
};

/** Removes a domain and, when the company holds it, its claim. */
export const deleteSsoDomainItems = async (companyId: string, domain: string): Promise<boolean> => {
  const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.ssoDomain(companyId, domain), ReturnValues: 'ALL_OLD' }));
  // Only this company's claim: false (another's, or none) leaves it as it is.
  await writeIf(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.ssoDomainClaim(domain),
      ConditionExpression: 'companyId = :company',
      ExpressionAttributeValues: { ':company': companyId },
    }),
  );
  return Attributes !== undefined;
};

/** The company holding a proven domain, or null. */
export const ssoDomainClaimant = async (domain: string): Promise<string | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.ssoDomainClaim(domain) }));
  return typeof Item?.companyId === 'string' ? Item.companyId : null;
};

/**
 * What sign-in needs to know of an address's domain's company, in one BatchGetItem after the claim:
 * its settings, and whether the user (when there is one) is a member.
 */
export const ssoStanding = async (companyId: string, userId: string | null) => {
  const settingsKey = keys.ssoSettings(companyId);
  const membershipKey = userId ? keys.membership(companyId, userId) : null;
  const items = await batchGetItems([settingsKey, ...(membershipKey ? [membershipKey] : [])]);
  const membership = membershipKey ? items.get(keyId(membershipKey)) : undefined;
  return {
    settings: settingsFromItem(items.get(keyId(settingsKey))),
    membership: membership ? { role: membership.role === 'owner' ? ('owner' as const) : ('member' as const) } : null,
  };
};

export const getSsoSettings = async (companyId: string): Promise<StoredSsoSettings> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.ssoSettings(companyId), ConsistentRead: true }));
  return settingsFromItem(Item);
};

export const putSsoSettings = async (companyId: string, settings: SsoSettings, recoveryCodeHash: string | undefined): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.ssoSettings(companyId),
      UpdateExpression: `SET #type = :type, requireSso = :require, joinMode = :join${recoveryCodeHash ? ', recoveryCodeHash = :hash' : ''}`,
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'ssoSettings',
        ':require': settings.requireSso,
        ':join': settings.joinMode,
        ...(recoveryCodeHash ? { ':hash': recoveryCodeHash } : {}),
      },
    }),
  );
};

export const setRecoveryCodeHash = async (companyId: string, recoveryCodeHash: string): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.ssoSettings(companyId),
      UpdateExpression: 'SET #type = :type, recoveryCodeHash = :hash, requireSso = if_not_exists(requireSso, :no), joinMode = if_not_exists(joinMode, :join)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'ssoSettings', ':hash': recoveryCodeHash, ':no': false, ':join': DEFAULT_SSO_SETTINGS.joinMode },
    }),
  );
};

export const LOGIN_TTL_SECONDS = 10 * 60;
export const TICKET_TTL_SECONDS = 2 * 60;

export interface OidcLogin {
  companyId: string;
  providerId: string;
  codeVerifier: string;
  nonce: string;
  /** The hash of the browser's binding cookie (domain/sso.ts ssoBindingCookie). */
  bindingHash: string;
}

/** Stores an OIDC sign-in under way by its state's hash. */
export const putOidcLogin = async (state: string, login: OidcLogin, now = new Date()): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.ssoLogin(sha256(state)), type: 'ssoLogin', ...login, ttl: epochSeconds(now) + LOGIN_TTL_SECONDS },
    }),
  );
};

/** Takes an OIDC sign-in under way (single use: deleted as it is read); null when unknown, used or expired. */
export const takeOidcLogin = async (state: string, now = new Date()): Promise<OidcLogin | null> => {
  const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.ssoLogin(sha256(state)), ReturnValues: 'ALL_OLD' }));
  if (!Attributes || Number(Attributes.ttl) <= epochSeconds(now)) return null;
  return {
    companyId: Attributes.companyId,
    providerId: Attributes.providerId,
    codeVerifier: Attributes.codeVerifier,
    nonce: Attributes.nonce,
    bindingHash: String(Attributes.bindingHash ?? ''),
  };
};

export interface SsoTicket {
  userId: string;
  companyId: string;
  providerId: string;
}

/** A one-time ticket for a verified sign-in (its raw value returned once, its hash stored). */
export const putSsoTicket = async (ticket: SsoTicket, now = new Date()): Promise<string> => {
  const raw = randomToken(32);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.ssoTicket(sha256(raw)), type: 'ssoTicket', ...ticket, ttl: epochSeconds(now) + TICKET_TTL_SECONDS },
    }),
  );
  return raw;
};

/**
 * Exchanges a ticket for a session: the ticket's deletion (conditioned on it being unexpired) and the
 * session in one transaction, so a ticket makes one session at most. Null when unknown, used or expired.
 */
export const redeemSsoTicket = async (ticket: string, now = new Date()): Promise<{ sessionId: string; userId: string } | null> => {
  const key = keys.ssoTicket(sha256(ticket));
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  if (!Item || Number(Item.ttl) <= epochSeconds(now)) return null;
  const origin: SessionOrigin = { method: 'sso', companyId: Item.companyId, providerId: Item.providerId };
  const { sessionId, item } = newSessionItem(Item.userId, now, origin);
  try {
    await transact([
      {
        name: 'ticket',
        item: { Delete: { TableName: tableName(), Key: key, ConditionExpression: '#ttl > :now', ExpressionAttributeNames: { '#ttl': 'ttl' }, ExpressionAttributeValues: { ':now': epochSeconds(now) } } },
      },
      { name: 'session', item: { Put: { TableName: tableName(), Item: item } } },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'ticket') return null;
    throw error;
  }
  return { sessionId, userId: Item.userId };
};

/** A session of an owner's recovery sign-in. */
export const createRecoverySession = async (userId: string, companyId: string, now = new Date()): Promise<string> => {
  const { sessionId, item } = newSessionItem(userId, now, { method: 'recovery', companyId });
  await db.send(new PutCommand({ TableName: tableName(), Item: item }));
  return sessionId;
};

/** The pending member invitation of an address at a company (its id derives from the two), or null. */
export const pendingInviteFor = async (companyId: string, email: string, now = new Date()) => {
  const inviteId = memberInviteId(companyId, email);
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.memberInvite(companyId, inviteId), ConsistentRead: true }));
  if (!Item || Number(Item.ttl) <= epochSeconds(now)) return null;
  return { inviteId, nonceHash: String(Item.nonceHash) };
};

/**
 * A person from a proven domain joins the company on their first single sign-on: the account (when
 * new), the membership (as a member) and, when they were invited, the invitation's removal, in one
 * transaction. Answers the user id; a race with another first sign-in of the same person answers theirs.
 */
export const joinBySso = async (input: {
  companyId: string;
  companyName: string;
  email: string;
  existingUserId: string | null;
  invite: { inviteId: string; nonceHash: string } | null;
  now?: Date;
}): Promise<string | null> => {
  const userId = input.existingUserId ?? newId();
  const createdAt = (input.now ?? new Date()).toISOString();
  const account = input.existingUserId ? [] : newAccountSteps(input.email, userId, createdAt);
  const invite = input.invite
    ? [
        { name: 'invite' as const, item: { Delete: { TableName: tableName(), Key: keys.memberInvite(input.companyId, input.invite.inviteId) } } },
        { name: 'nonce' as const, item: { Delete: { TableName: tableName(), Key: keys.memberInviteNonce(input.invite.nonceHash) } } },
      ]
    : [];
  try {
    await transact([
      ...account,
      ...invite,
      memberMembershipStep({ companyId: input.companyId, companyName: input.companyName, userId, email: input.email }, createdAt),
    ]);
  } catch (error) {
    // The address got an account meanwhile, or they are a member already: the caller reads again.
    if (error instanceof ConditionFailed && (error.step === 'email' || error.step === 'membership')) return null;
    throw error;
  }
  return userId;
};
