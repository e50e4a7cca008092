import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { newId, randomToken, sha256 } from '../platform/crypto';
import { batchGetItems, keyId, type ItemKey } from './batch-get';
import { db, tableName } from './client';
import { epochSeconds, keys, sortKeyPrefixes } from './keys';
import { queryAll } from './query';
import { newSessionItem } from './sessions';
import { ConditionFailed, transact, TransactionConflict, type TransactionStep } from './transaction';
import { type MemberRole } from '../contracts/vocabulary';
import { storedMailDelivery, type StoredMailDelivery } from '../domain/mail-delivery';

export const INVITE_TTL_SECONDS = 14 * 24 * 60 * 60;

export interface MemberRow {
  userId: string;
  email: string;
  userRole: MemberRole;
  status: 'active';
}
export interface InvitedRow {
  userId: string;
  email: string;
  status: 'invited';
  /** What SES reported about the invitation mail (issue 26, data/mail-delivery.ts). */
  mail: StoredMailDelivery;
}

/** Members and pending invitations: one Query over the company partition's INVITE#…MEMBER# range. */
export const listMembers = async (companyId: string, now = new Date()) => {
  const members: MemberRow[] = [];
  const invitedMembers: InvitedRow[] = [];
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.company(companyId).PK, ':from': sortKeyPrefixes.invite, ':to': `${sortKeyPrefixes.member}\uffff` },
  });
  for (const item of items) {
    if (String(item.SK).startsWith(sortKeyPrefixes.member)) {
      members.push({ userId: item.userId, email: item.email, userRole: item.role === 'owner' ? 'owner' : 'member', status: 'active' });
    } else if (Number(item.ttl) > epochSeconds(now)) {
      invitedMembers.push({ userId: item.inviteId, email: item.email, status: 'invited', mail: storedMailDelivery(item.mail) });
    }
  }
  members.sort((a, b) => (a.userRole === b.userRole ? a.email.localeCompare(b.email) : a.userRole === 'owner' ? -1 : 1));
  invitedMembers.sort((a, b) => a.email.localeCompare(b.email));
  return { members, invitedMembers };
};

/**
 * Creates (or renews) the invitation of an address. The invite id derives from the address, so
 * inviting again replaces the previous invitation and its link.
 */
/** An address's invitation id at a company: it derives from the two, so inviting again replaces the invitation. */
export const memberInviteId = (companyId: string, email: string): string => sha256(`${companyId}\n${email}`).slice(0, 24);

/** A new user's account, as steps of the transaction that makes it: the address's uniqueness item (only if free) and the user. */
export const newAccountSteps = (email: string, userId: string, createdAt: string): TransactionStep<'email' | 'user'>[] => [
  {
    name: 'email',
    item: { Put: { TableName: tableName(), Item: { ...keys.userEmail(email), userId }, ConditionExpression: 'attribute_not_exists(PK)' } },
  },
  { name: 'user', item: { Put: { TableName: tableName(), Item: { ...keys.user(userId), type: 'user', userId, email, createdAt } } } },
];

/** A member's (not an owner's) membership of a company, as a step of the transaction that makes it (only if they are none yet). */
export const memberMembershipStep = (
  membership: { companyId: string; companyName: string; userId: string; email: string },
  createdAt: string,
): TransactionStep<'membership'> => ({
  name: 'membership',
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.membership(membership.companyId, membership.userId),
        ...keys.membershipByUser(membership.userId, membership.companyId),
        type: 'membership',
        ...membership,
        role: 'member',
        status: 'active',
        createdAt,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

export const createMemberInvite = async (companyId: string, email: string, now = new Date()) => {
  const inviteId = memberInviteId(companyId, email);
  const nonce = randomToken(24);
  const nonceHash = sha256(nonce);
  const ttl = epochSeconds(now) + INVITE_TTL_SECONDS;
  await transact([
    {
      name: 'invite',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...keys.memberInvite(companyId, inviteId), type: 'memberInvite', inviteId, email, nonceHash, ttl, createdAt: now.toISOString() },
        },
      },
    },
    {
      name: 'nonce',
      item: {
        Put: { TableName: tableName(), Item: { ...keys.memberInviteNonce(nonceHash), type: 'memberInviteNonce', companyId, inviteId, email, ttl } },
      },
    },
  ]);
  return { inviteId, nonce };
};

export const removeMembership = async (companyId: string, userId: string) => {
  await db.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.membership(companyId, userId),
      ConditionExpression: 'attribute_exists(PK) AND #role <> :owner',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':owner': 'owner' },
    }),
  );
};

export const removeMemberInvite = async (companyId: string, inviteId: string) => {
  await db.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.memberInvite(companyId, inviteId), ConditionExpression: 'attribute_exists(PK)' }),
  );
};

export interface PendingInvite {
  companyId: string;
  inviteId: string;
  email: string;
  nonceHash: string;
}

/** What an invitation's link leads to: the invitation, its company's name, and the account its address has already. */
export interface InviteLink {
  invite: PendingInvite;
  companyName: string;
  existingUserId: string | null;
}

/**
 * The live invitation behind a link's nonce, or null (unknown, expired, replaced or used, or its
 * company gone). The nonce's item names the invitation, its company and the address, so those
 * three (the invitation, the company and the address's account) are read in one BatchGetItem
 * after it: two round trips.
 */
export const findInviteByNonce = async (nonce: string, now = new Date()): Promise<InviteLink | null> => {
  const nonceHash = sha256(nonce);
  const { Item: link } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.memberInviteNonce(nonceHash) }));
  if (!link || Number(link.ttl) <= epochSeconds(now)) return null;
  const inviteKey = keys.memberInvite(link.companyId, link.inviteId);
  const companyKey = keys.company(link.companyId);
  const accountKey = keys.userEmail(link.email);
  const items = await batchGetItems([inviteKey, companyKey, accountKey], { consistent: true });
  const itemOf = (key: ItemKey) => items.get(keyId(key));
  const invite = itemOf(inviteKey);
  if (!invite || invite.nonceHash !== nonceHash || Number(invite.ttl) <= epochSeconds(now)) return null;
  const company = itemOf(companyKey);
  if (!company) return null;
  const account = itemOf(accountKey);
  return {
    invite: { companyId: link.companyId, inviteId: link.inviteId, email: link.email, nonceHash },
    companyName: company.companyName,
    existingUserId: typeof account?.userId === 'string' ? account.userId : null,
  };
};

/**
 * Accepting: the account (when new), the membership, the session and the removal of the
 * invitation happen in one transaction, conditioned on the invitation being unchanged.
 */
export const acceptInvite = async (invite: PendingInvite, existingUserId: string | null, companyName: string, now = new Date()) => {
  const userId = existingUserId ?? newId();
  const createdAt = now.toISOString();
  const { sessionId, item: sessionItem } = newSessionItem(userId, now);
  const account: TransactionStep[] = existingUserId ? [] : newAccountSteps(invite.email, userId, createdAt);
  try {
    await transact([
      ...account,
      {
        name: 'invite',
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.memberInvite(invite.companyId, invite.inviteId),
            ConditionExpression: 'nonceHash = :hash',
            ExpressionAttributeValues: { ':hash': invite.nonceHash },
          },
        },
      },
      { name: 'nonce', item: { Delete: { TableName: tableName(), Key: keys.memberInviteNonce(invite.nonceHash) } } },
      memberMembershipStep({ companyId: invite.companyId, companyName, userId, email: invite.email }, createdAt),
      { name: 'session', item: { Put: { TableName: tableName(), Item: sessionItem } } },
    ]);
  } catch (error) {
    // The address got an account meanwhile ('email'), the invitation was used or replaced ('invite'),
    // they are a member already ('membership'), or another acceptance kept winning the race.
    if (error instanceof ConditionFailed && ['email', 'invite', 'membership'].includes(error.step)) return null;
    if (error instanceof TransactionConflict) return null;
    throw error;
  }
  return { sessionId, userId };
};
