import { apiPath } from '../../api/client';
import { usePublicRead } from './use-public-read';

/**
 * The company a "Delete my data" page is about, by name (issue 43), so a candidate of several
 * companies sees which one they ask. `name` is null while it is read, when the read failed and
 * when the page has no company to ask about (a confirmation link mailed before links named it):
 * the page then says "this company". `settled`: there is nothing more to wait for.
 */
export const useDeletionCompany = (companyId: string | null): { name: string | null; settled: boolean } => {
  const read = usePublicRead(companyId ? apiPath('getDataDeletionCompany', { companyId }) : null);
  return { name: read.data?.companyName ?? null, settled: !companyId || read.data !== undefined || read.error !== undefined };
};
