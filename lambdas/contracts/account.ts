import * as z from 'zod/mini';
import { idSchema } from './common';

export const MAGIC_CODE_LENGTH = 6;

export const userRoleSchema = z.enum(['owner', 'member']);

export const companyIdParams = z.object({ companyId: idSchema });
