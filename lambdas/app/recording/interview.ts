import { markOpened } from '../../data/candidates/started';
import { draftsOf } from '../../data/candidates/drafts';
import type { AnswerSpec } from '../../contracts/answer-types';
import { FILE_ANSWER_CONTENT_TYPES, FILE_ANSWER_MAX_BYTES } from '../../contracts/media-types';
import { presignDownload } from '../../adapters/storage';
import { questionKey } from '../../data/candidates/candidate';
import { getCompany } from '../../data/companies';
import { latestMediaOfGroup } from '../../data/media';
import { getPosition } from '../../data/positions';
import { notFound } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { alongside } from '../access/alongside';
import { INTERVIEW_NOT_FOUND, requireInterview } from '../access/interview';
import { branding } from '../companies/branding';
import { candidatePacing, timingView } from './timing';

/** A team video the candidate watches, once processed (only the company's own media), with its captions once they are ready. */
const playable = async (companyId: string, videoGroupId: string | null | undefined) => {
  if (!videoGroupId) return null;
  const media = await latestMediaOfGroup(videoGroupId);
  const variant = media?.companyId === companyId && media.uploadStatus === 'ready' ? media.variants[0] : undefined;
  if (!media || !variant) return null;
  return {
    contentHref: await presignDownload(variant.key),
    contentType: variant.contentType,
    thumbnailHref: media.thumbnailKey ? await presignDownload(media.thumbnailKey) : null,
    captionsHref: media.captionsStatus === 'ready' && media.captionsKey ? await presignDownload(media.captionsKey) : null,
  };
};

/** What a question asks for, as the candidate sees it: the options without which knock out; a file question with its types and size. */
export const candidateAnswerSpec = (spec: AnswerSpec) => {
  switch (spec.answerType) {
    case 'single_choice':
      return { answerType: spec.answerType, options: spec.options.map(({ optionId, label }) => ({ optionId, label })) };
    case 'multiple_choice':
      return { ...spec, options: spec.options.map(({ optionId, label }) => ({ optionId, label })) };
    case 'file':
      return { answerType: spec.answerType, maxBytes: FILE_ANSWER_MAX_BYTES, contentTypes: [...FILE_ANSWER_CONTENT_TYPES] };
    default:
      return spec;
  }
};

/**
 * The candidate's interview as it was when they were invited, with their progress (resume at the
 * first unanswered question), the pacing with their timing adjustment applied. The company (for its
 * branding, and whether it summarises answers: issue 41), the position (its timing setting) and the team's videos are read together.
 */
export const candidateInterview = async (token: string, log: Logger) => {
  const candidate = await requireInterview(token);
  const { interview, companyId } = candidate;
  const brand = getCompany(companyId).then(async (company) => {
    if (!company) throw notFound(INTERVIEW_NOT_FOUND, 'interview_not_found');
    // Issue 41: the welcome screen and the privacy note say so while the company summarises answers.
    return { ...(await branding(company, candidate.jobTitle)), answersSummarised: company.summaries.enabled };
  });
  // The first opening of the link is the reports' "opened" (issue 40); a preview is not counted. A
  // failure to record it is logged: the candidate reads their interview regardless.
  const opened =
    candidate.openedAt === null && !candidate.preview && candidate.currentStatus === 'invited'
      ? markOpened(candidate.candidateId, new Date().toISOString()).catch((error: unknown) => {
          log.error('interview opening not recorded', { candidateId: candidate.candidateId, ...describeError(error) });
          return false;
        })
      : Promise.resolve(false);
  // Drafts of text answers (issue 39): only an interview in progress with a text question has any to read.
  const drafts =
    candidate.currentStatus === 'invited' && interview.questions.some((q) => q.answer.answerType === 'text')
      ? draftsOf(candidate.candidateId)
      : Promise.resolve(new Map<number, string>());
  const [brandView, [intro, questionVideos, outro, position, draftTexts]] = await alongside(
    brand,
    Promise.all([
      interview.intro ? playable(companyId, interview.intro.videoGroupId) : null,
      Promise.all(interview.questions.map((q) => playable(companyId, q.videoGroupId))),
      interview.outro ? playable(companyId, interview.outro.videoGroupId) : null,
      getPosition(candidate.positionId),
      drafts,
      opened,
    ]),
  );
  return {
    ...brandView,
    candidateName: candidate.candidateName,
    companyId,
    candidateEmail: candidate.email,
    completed: candidate.currentStatus !== 'invited',
    expiresAt: candidate.expiresAt,
    pacing: candidatePacing(candidate),
    timing: timingView(candidate, position),
    intro: interview.intro ? { video: intro } : null,
    questions: interview.questions.map((q, i) => ({
      title: q.title ?? null,
      content: q.content ?? null,
      video: questionVideos[i] ?? null,
      answer: candidateAnswerSpec(q.answer),
      draft: candidate.answers[questionKey(i)] ? null : (draftTexts.get(i) ?? null),
      answered: Boolean(candidate.answers[questionKey(i)]),
      attemptsUsed: candidate.attempts[questionKey(i)] ?? 0,
    })),
    knockedOut: candidate.knockout?.ended ? { message: interview.knockout.message } : null,
    outro: interview.outro ? { title: interview.outro.title ?? null, content: interview.outro.content ?? null, video: outro } : null,
  };
};
