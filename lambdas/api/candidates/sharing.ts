import { appOrigin } from '../../shared/app-origin';

/** The public page of a shared candidate. */
export const publicCandidateHref = async (publicCandidateId: string) => `${await appOrigin()}/#/candidates/${publicCandidateId}`;
