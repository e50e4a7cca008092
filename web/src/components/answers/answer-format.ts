import type { AnswerType } from '../../../../lambdas/contracts/vocabulary';

/**
 * How the team's pages name the parts of an answer that is not a video (issue 39): plain code, shared
 * by the candidate page and the public page.
 */

/** A file answer's type as people read it, from the type read from its bytes on upload. */
const FILE_TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
};
export const fileTypeLabel = (contentType: string) => FILE_TYPE_LABELS[contentType] ?? 'File';

/** Whether a file answer is a picture the page may show (an <img> only draws pictures, whatever the bytes). */
export const isPreviewableImage = (contentType: string) => contentType === 'image/png' || contentType === 'image/jpeg';

const UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;
/** 512 → "512 bytes", 1536 → "1.5 KB", 3_250_000 → "3.1 MB" (binary multiples, as the 10 MB limit is). */
export const fileSizeText = (bytes: number) => {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat('en', { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
};

/** What an answer is, in a word: the label a strip or a list shows for it. */
export const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  video: 'Video',
  audio: 'Audio',
  text: 'Text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  file: 'File',
};

/** "Knocked out on question 2: No" (the options by label, as the question had them). */
export const knockoutText = (knockout: { questionIndex: number; optionLabels: readonly string[] }) =>
  `Knocked out on question ${knockout.questionIndex + 1}${knockout.optionLabels.length > 0 ? `: ${knockout.optionLabels.join(', ')}` : ''}`;
