import { getInterview as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { branding } from '../../app/companies/branding';
import { presignDownload } from '../../shared/clients/storage';
import { questionKey } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { latestMediaOfGroup } from '../../shared/db/media';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { INTERVIEW_NOT_FOUND, requireInterview } from '../../app/access/interview';

/** A team video the candidate watches, once processed (only the company's own media). */
const playable = async (companyId: string, videoGroupId: string | null | undefined) => {
  if (!videoGroupId) return null;
  const media = await latestMediaOfGroup(videoGroupId);
  const variant = media?.companyId === companyId && media.uploadStatus === 'ready' ? media.variants[0] : undefined;
  if (!media || !variant) return null;
  return {
    contentHref: await presignDownload(variant.key),
    contentType: variant.contentType,
    thumbnailHref: media.thumbnailKey ? await presignDownload(media.thumbnailKey) : null,
  };
};

/** The candidate's interview as it was when they were invited, with their progress (resume at the first unanswered question). */
export const handler = apiHandler(routes.getInterview, contract, async ({ params }) => {
  const candidate = await requireInterview(params.token);
  const company = await getCompany(candidate.companyId);
  if (!company) throw notFound(INTERVIEW_NOT_FOUND, 'interview_not_found');
  const { interview } = candidate;
  const [brand, intro, questionVideos, outro] = await Promise.all([
    branding(company, candidate.jobTitle),
    interview.intro ? playable(company.companyId, interview.intro.videoGroupId) : null,
    Promise.all(interview.questions.map((q) => playable(company.companyId, q.videoGroupId))),
    interview.outro ? playable(company.companyId, interview.outro.videoGroupId) : null,
  ]);
  return {
    ...brand,
    candidateName: candidate.candidateName,
    completed: candidate.currentStatus !== 'invited',
    expiresAt: candidate.expiresAt,
    pacing: interview.pacing,
    intro: interview.intro ? { video: intro } : null,
    questions: interview.questions.map((q, i) => ({
      title: q.title ?? null,
      content: q.content ?? null,
      video: questionVideos[i] ?? null,
      answered: Boolean(candidate.answers[questionKey(i)]),
      attemptsUsed: candidate.attempts[questionKey(i)] ?? 0,
    })),
    outro: interview.outro ? { title: interview.outro.title ?? null, content: interview.outro.content ?? null, video: outro } : null,
  };
});
