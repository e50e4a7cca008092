import { setTimeZone } from '../../data/companies';
import type { Membership } from '../../data/memberships';
import { notFound } from '../../platform/errors';

/**
 * The time zone the company's reports count days in (issue 40; owner route: the handler chain checks
 * the owner). The stream's function reads it as it counts each change, so it applies from then on:
 * what was counted stays on the day it was counted on (a candidate invited near midnight and changed
 * after the switch may have their later steps on the neighbouring day).
 */
export const saveTimeZone = async (companyId: string, owner: PromiseLike<Membership>, timeZone: string): Promise<{ timeZone: string }> => {
  await owner;
  if (!(await setTimeZone(companyId, timeZone))) throw notFound('Company not found.');
  return { timeZone };
};
