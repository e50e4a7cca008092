import { Badge } from '@aws-amplify/ui-react';
import type * as z from 'zod/mini';
import type { answerContentSchema } from '../../../../lambdas/contracts/candidate';
import { countWords, wordsText } from '../../../../lambdas/contracts/words';
import { fileSizeText, fileTypeLabel, isPreviewableImage } from './answer-format';
import './answers.css';

/**
 * An answer that is not a recording, in its form (issue 39), as the team's candidate page and the
 * public page show it: a text (plain text, never markup), the choice question's options with those
 * picked marked, or a file to download. Recordings are the AnswerPlayer's.
 */
type AnswerContent = z.infer<typeof answerContentSchema>;

/** A text answer as written: React text in pre-wrap (its line breaks kept, nothing in it read as HTML), and its length. */
export const TextAnswer = ({ text }: { text: string }) => (
  <div className="typed-answer">
    <p className="typed-answer__text" data-testid="text-answer">
      {text}
    </p>
    <p className="typed-answer__meta">{wordsText(countWords(text))}</p>
  </div>
);

/**
 * A choice answer: every option of the question in its order, each picked one marked by a check and
 * "picked" in words (not by colour alone), and a knockout option the candidate picked named so.
 */
export const ChoiceAnswer = ({ choices, label }: { choices: NonNullable<AnswerContent['choices']>; label: string }) => (
  <ul className="choice-answer" aria-label={label}>
    {choices.map((c) => (
      <li key={c.optionId} className={`choice-answer__option${c.picked ? ' choice-answer__option--picked' : ''}`}>
        <span className="choice-answer__mark" aria-hidden="true">
          {c.picked ? '✓' : ''}
        </span>
        <span className="choice-answer__label">{c.label}</span>
        {c.picked && <span className="visually-hidden"> (picked)</span>}
        {c.picked && c.knockout && (
          <Badge size="small" variation="error" className="choice-answer__knockout">
            Knockout
          </Badge>
        )}
      </li>
    ))}
  </ul>
);

/**
 * A file answer: its name, type and size and a link that downloads it (the link answers as an
 * attachment). A PNG or JPEG is also shown: an <img> only ever draws a picture, it runs nothing.
 */
export const FileAnswer = ({ file }: { file: NonNullable<AnswerContent['file']> }) => {
  const type = fileTypeLabel(file.contentType);
  return (
    <div className="file-answer">
      <dl className="file-answer__facts">
        <div>
          <dt>File</dt>
          <dd className="file-answer__name">{file.fileName}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{type}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{fileSizeText(file.size)}</dd>
        </div>
      </dl>
      {isPreviewableImage(file.contentType) && <img className="file-answer__preview" src={file.downloadHref} alt={`Preview of ${file.fileName}`} />}
      <a className="amplify-button amplify-button--small file-answer__download" href={file.downloadHref} download={file.fileName} rel="noopener">
        Download {file.fileName}
        <span className="visually-hidden"> ({type}, {fileSizeText(file.size)})</span>
      </a>
    </div>
  );
};

/** Whichever of the typed forms an answer has (nothing for a recording: its player shows it). */
export const TypedAnswer = ({ answer, label }: { answer: AnswerContent; label: string }) => {
  if (answer.text !== null) return <TextAnswer text={answer.text} />;
  if (answer.choices !== null) return <ChoiceAnswer choices={answer.choices} label={label} />;
  if (answer.file !== null) return <FileAnswer file={answer.file} />;
  return null;
};
