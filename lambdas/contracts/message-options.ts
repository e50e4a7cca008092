/**
 * Message triggers and invite expiry offsets (spec §3), defined once: the contracts validate
 * against them and the API serves them as lists the SPA shows as they come. Plain data, no imports.
 */
export const messageTriggers = [
  { label: 'When the candidate is invited', value: 'invite' },
  { label: 'When the candidate responds', value: 'response' },
  { label: '2 days after the invite, if no response', value: 'P2D' },
  { label: '5 days after the invite, if no response', value: 'P5D' },
  { label: '1 day before the deadline, if no response', value: '-P1D' },
] as const;

export const inviteExpiryOffsets = [
  { label: '3 days', value: 'P3D' },
  { label: '1 week', value: 'P7D' },
  { label: '2 weeks', value: 'P14D' },
  { label: '30 days', value: 'P30D' },
] as const;

export const isMessageTrigger = (value: string) => messageTriggers.some((t) => t.value === value);
export const isInviteExpiryOffset = (value: string) => inviteExpiryOffsets.some((o) => o.value === value);
