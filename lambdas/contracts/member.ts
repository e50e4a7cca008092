import * as z from 'zod/mini';
import { userRoleSchema } from './account';
import { urlSafeIdSchema } from './common';

export const memberSchema = z.object({ userId: z.string(), email: z.string(), userRole: userRoleSchema, status: z.literal('active') });
export const invitedMemberSchema = z.object({ userId: z.string(), email: z.string(), status: z.literal('invited') });

export const nonceSchema = urlSafeIdSchema(16, 128, 'Not a valid invitation.');
