import * as z from 'zod/mini';
import { idSchema } from './common';
import { MEMBER_ROLES } from './vocabulary';

export const MAGIC_CODE_LENGTH = 6;

export const userRoleSchema = z.enum(MEMBER_ROLES);

export const companyIdParams = z.object({ companyId: idSchema });
