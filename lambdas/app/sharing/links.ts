import { paths } from '../../contracts/app-paths';
import { appLink } from '../../platform/app-origin';

/** The public page of a shared candidate. */
export const publicCandidateHref = async (publicCandidateId: string) => appLink(paths.publicCandidate.to(publicCandidateId));
