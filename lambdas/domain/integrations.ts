import { integrationForms, type IntegrationType, type ResultEvent } from '../contracts/integrations';

/**
 * ATS integrations' rules, pure: what the note written back to the ATS says, how results are
 * retried, and how a person from the ATS becomes a candidate's name.
 */
/** What a response note says of the answers (issue 39): each question's title and its answer in words, and a knockout. */
export interface NoteAnswers {
  answers: { questionIndex: number; title: string; words: string }[];
  /** Why a knockout flagged the candidate or ended their interview (domain/answer-text.ts knockoutInWords), or null. */
  knockout: string | null;
}

/**
 * The note on the candidate's ATS profile: what happened, and the link to the answers; a
 * response's note (issue 39, `answers` given) also has each answer in words (a text as written,
 * the options picked, a file's name, a recording's kind) and a knockout line. Plain text: an ATS
 * whose notes are HTML escapes it in its adapter (adapters/ats/comeet.ts), so a text answer is
 * never markup there.
 */
export const resultNote = (event: ResultEvent, candidateName: string, jobTitle: string, answersHref: string, answers?: NoteAnswers): string => {
  const what = {
    responded: `${candidateName} completed the video interview for ${jobTitle}.`,
    shortlisted: `${candidateName} was shortlisted after the video interview for ${jobTitle}.`,
    rejected: `${candidateName} was not taken forward after the video interview for ${jobTitle}.`,
  }[event];
  const lines = [
    what,
    ...(answers?.knockout ? [`Knocked out: ${answers.knockout}`] : []),
    ...(answers && answers.answers.length > 0
      ? ['', 'Answers:', ...answers.answers.map((a) => `${a.questionIndex + 1}. ${a.title || `Question ${a.questionIndex + 1}`}\n${a.words}`), '']
      : []),
  ];
  return `${lines.join('\n')}\nWatch the answers: ${answersHref}`;
};

/** Tries before a result is given up on and shown as failed (1 + 5 retries, about half an hour in all). */
export const MAX_RESULT_ATTEMPTS = 6;

/** When to try again after `attempts` failed tries: 1, 2, 4, 8, 16 minutes; null once tries are used up. */
export const retryDelayMs = (attempts: number): number | null => (attempts >= MAX_RESULT_ATTEMPTS ? null : 60_000 * 2 ** Math.max(0, attempts - 1));

const CANDIDATE_NAME_MAX = 100;

/** A person's name from the ATS as a candidate's name: one line, trimmed, at most 100 characters; the vendor's name without one. */
export const candidateNameFromAts = (name: string, type: IntegrationType): string => {
  const clean = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = [...clean].slice(0, CANDIDATE_NAME_MAX).join('').trim();
  return cut || `Candidate from ${integrationForms[type].name}`;
};
