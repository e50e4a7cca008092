import { allPositions } from '../../data/positions';
import { alongside } from '../access/alongside';
import { requireMembership } from '../access/membership';
import { accessibleTo } from '../access/position';

/**
 * Reusable intros, questions and outros from the positions the member can access (the SPA leaves
 * out the current one). The company's positions are read alongside the membership check.
 */
export const contentLibrary = async (companyId: string, userId: string) => {
  const [membership, positions] = await alongside(requireMembership(companyId, userId), allPositions(companyId));
  return {
    positionsContent: positions.filter(accessibleTo(membership)).map((p) => ({
      positionId: p.positionId,
      jobTitle: p.jobTitle,
      contentItems: [
        ...(p.interview.intro
          ? [{ contentType: 'intro' as const, title: '', content: '', ...p.interview.intro, ephemeralId: `${p.positionId}-intro` }]
          : []),
        ...p.interview.questions.map((q, i) => ({ contentType: 'question' as const, ...q, ephemeralId: `${p.positionId}-q${i}` })),
        ...(p.interview.outro ? [{ contentType: 'outro' as const, ...p.interview.outro, ephemeralId: `${p.positionId}-outro` }] : []),
      ],
    })),
  };
};
