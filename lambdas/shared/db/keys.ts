/**
 * Key patterns of the single table, defined once. Every data-access module builds its keys here.
 * Ids are opaque random strings, so prefixes keep entity kinds apart in one key space.
 */
export const keys = {
  session: (sessionHash: string) => ({ PK: `SESSION#${sessionHash}`, SK: 'SESSION' }),
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  company: (companyId: string) => ({ PK: `COMPANY#${companyId}`, SK: 'PROFILE' }),
  /** Uniqueness of e-mail addresses: one item per address, written in the account's transaction. */
  userEmail: (email: string) => ({ PK: `EMAIL#${email}`, SK: 'USER' }),
  membership: (companyId: string, userId: string) => ({ PK: `COMPANY#${companyId}`, SK: `MEMBER#${userId}` }),
  /** GSI1 of a membership: the companies of a user, in one Query. */
  membershipByUser: (userId: string, companyId: string) => ({ GSI1PK: `USER#${userId}`, GSI1SK: `COMPANY#${companyId}` }),
  magicCode: (emailHash: string) => ({ PK: `CODE#${emailHash}`, SK: 'CODE' }),
  /** A pending member invitation, in the company's partition beside its memberships. */
  memberInvite: (companyId: string, inviteId: string) => ({ PK: `COMPANY#${companyId}`, SK: `INVITE#${inviteId}` }),
  /** Lookup of an invitation by the hash of its link's nonce. */
  memberInviteNonce: (nonceHash: string) => ({ PK: `MEMBERINVITE#${nonceHash}`, SK: 'INVITE' }),
  rateLimit: (name: string, subject: string, windowStart: number) => ({ PK: `RATE#${name}#${subject}`, SK: String(windowStart) }),
  media: (mediaId: string) => ({ PK: `MEDIA#${mediaId}`, SK: 'MEDIA' }),
  position: (positionId: string) => ({ PK: `POSITION#${positionId}`, SK: 'POSITION' }),
  /** GSI1 of a position: the company's positions by status, newest first. */
  positionByCompany: (companyId: string, status: string, createdAt: string, positionId: string) => ({
    GSI1PK: `COMPANY#${companyId}#POSITIONS`,
    GSI1SK: `${status}#${createdAt}#${positionId}`,
  }),
  applyLink: (linkId: string) => ({ PK: `APPLYLINK#${linkId}`, SK: 'LINK' }),
} as const;

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
