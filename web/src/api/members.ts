import type * as z from 'zod';
import type { confirmMemberInvite, getMemberInvite, inviteMember, listMembers } from '../../../lambdas/contracts/member';
import { api } from './client';
import { useApi, usePublicApi } from './use-api';

export type Members = z.infer<typeof listMembers.response>;
export type MemberInvite = z.infer<typeof getMemberInvite.response>;

export const membersPath = (companyId: string) => `/companies/${companyId}/members`;
export const useMembers = (companyId: string) => useApi<Members>(membersPath(companyId));
export const inviteMemberCall = (companyId: string, email: string) =>
  api.post<z.infer<typeof inviteMember.response>>(membersPath(companyId), { email });
export const removeMemberCall = (companyId: string, userId: string) => api.del<void>(`${membersPath(companyId)}/${encodeURIComponent(userId)}`);
export const useMemberInvite = (nonce: string) => usePublicApi<MemberInvite>(`/member-invites/${encodeURIComponent(nonce)}`);
export const confirmMemberInviteCall = (nonce: string) =>
  api.post<z.infer<typeof confirmMemberInvite.response>>('/member-invites/confirmed', { nonce });
