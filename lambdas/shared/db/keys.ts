/**
 * Key patterns of the single table, defined once. Every data-access module builds its keys here.
 * Ids are opaque random strings, so prefixes keep entity kinds apart in one key space.
 */
export const keys = {
  session: (sessionHash: string) => ({ PK: `SESSION#${sessionHash}`, SK: 'SESSION' }),
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  company: (companyId: string) => ({ PK: `COMPANY#${companyId}`, SK: 'PROFILE' }),
  membership: (companyId: string, userId: string) => ({ PK: `COMPANY#${companyId}`, SK: `MEMBER#${userId}` }),
  media: (mediaId: string) => ({ PK: `MEDIA#${mediaId}`, SK: 'MEDIA' }),
} as const;

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
