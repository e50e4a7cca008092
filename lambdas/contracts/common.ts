import * as z from 'zod';

/** Shared field schemas, so the same rule (and message) applies wherever the field appears. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Enter an e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .email('Enter a valid e-mail address.');

export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.');

export const companyNameSchema = z.string().trim().min(1, 'Enter a company name.').max(100, 'Use at most 100 characters.');
