import type { Answer } from '../../api/candidates';

/**
 * Whether a candidate's answers can be packaged ("Export videos"): `waiting` while one is still
 * uploading or processing, `nothing` when no video processed, `partial` when some failed (they are
 * left out of the package and named), `ready` when every one processed.
 */
export const exportReadiness = (answers: Pick<Answer, 'video'>[]) => {
  // A text, choice or file answer has nothing to process (issue 39).
  const statuses = answers.map((a) => a.video?.uploadStatus ?? 'ready');
  if (statuses.some((status) => status === 'uploading' || status === 'processing')) return 'waiting' as const;
  if (!statuses.includes('ready')) return 'nothing' as const;
  return statuses.includes('failed') ? ('partial' as const) : ('ready' as const);
};

/** Whether the package is of videos alone (spec §4 "Export videos") or of answers of other types too (issue 39: "Export answers"). */
export const packageKind = (answers: Pick<Answer, 'answerType'>[]) =>
  answers.every((a) => a.answerType === 'video') ? ('videos' as const) : ('answers' as const);
