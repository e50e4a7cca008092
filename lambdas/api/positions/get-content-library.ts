import { getContentLibrary } from '../../contracts/position';
import { routes } from '../../routes';
import { requireMembership } from '../../app/access/membership';
import { allPositions } from '../../shared/db/positions';
import { apiHandler } from '../../shared/http';
import { accessibleTo } from '../../app/access/position';

/** Reusable intros, questions and outros from the positions the user can access (the SPA leaves out the current one). */
export const handler = apiHandler(routes.getContentLibrary, getContentLibrary, async ({ params, session }) => {
  const membership = await requireMembership(params.companyId, session.userId);
  const positions = (await allPositions(params.companyId)).filter(accessibleTo(membership));
  return {
    positionsContent: positions.map((p) => ({
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
});
