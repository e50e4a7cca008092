import type { getMemberInvite, listMembers } from '../../../lambdas/operations/members';
import type * as z from 'zod/mini';
import { apiPath, callApi } from './client';
import { useApi, usePublicApi } from './use-api';

export type Members = z.infer<typeof listMembers.response>;
export type MemberInvite = z.infer<typeof getMemberInvite.response>;

export const useMembers = (companyId: string) => useApi(apiPath('listMembers', { companyId }));
export const inviteMemberCall = (companyId: string, email: string) => callApi('inviteMember', { params: { companyId }, body: { email } });
export const removeMemberCall = (companyId: string, userId: string) => callApi('removeMember', { params: { companyId, userId } });
export const useMemberInvite = (nonce: string) => usePublicApi(apiPath('getMemberInvite', { nonce }));
export const confirmMemberInviteCall = (nonce: string) => callApi('confirmMemberInvite', { body: { nonce } });
