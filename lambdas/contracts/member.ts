import * as z from 'zod/mini';
import { userRoleSchema } from './account';
import { mailDeliverySchema } from './candidate';
import { urlSafeIdSchema } from './common';

export const memberSchema = z.object({ userId: z.string(), email: z.string(), userRole: userRoleSchema, status: z.literal('active') });
/** A pending invitation, with its mail's delivery (issue 26). */
export const invitedMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  status: z.literal('invited'),
  mail: z.nullable(mailDeliverySchema),
});

export const nonceSchema = urlSafeIdSchema(16, 128, 'Not a valid invitation.');
