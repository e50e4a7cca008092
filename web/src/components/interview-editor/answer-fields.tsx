import { Button, CheckboxField, Flex, RadioGroupField, Radio, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import {
  CHOICE_LABEL_MAX,
  CHOICE_OPTIONS_MAX,
  CHOICE_OPTIONS_MIN,
  DEFAULT_KNOCKOUT_MESSAGE,
  KNOCKOUT_MESSAGE_MAX,
  TEXT_WORD_LIMIT_MAX,
  type AnswerSpec,
  type ChoiceOption,
  type KnockoutSettings,
} from '../../../../lambdas/contracts/answer-types';
import { FILE_ANSWER_MAX_BYTES, FILE_ANSWER_TYPES_TEXT } from '../../../../lambdas/contracts/media-types';
import { ANSWER_TYPES, type AnswerType } from '../../../../lambdas/contracts/vocabulary';
import { answerIssues, changeAnswerType, isChoiceAnswer, newOption } from './interview-model';

/** How the select names each answer type (keyed by the vocabulary, so a new type fails to compile here). */
const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  video: 'Video',
  audio: 'Audio only',
  text: 'Text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  file: 'File upload',
};

/** The answer type's name as the select shows it. */
export const answerTypeLabel = (type: AnswerType) => ANSWER_TYPE_LABELS[type];


/** "PDF, Word (DOCX), PNG or JPEG, up to 10 MB", from what the server accepts. */
export const FILE_ANSWER_NOTE = `${FILE_ANSWER_TYPES_TEXT}, up to ${FILE_ANSWER_MAX_BYTES / 1024 / 1024} MB`;

/** A number field's text to a limit: empty (or not a whole number) is no limit. */
const limit = (value: string): number | null => {
  const n = Number(value);
  return value.trim() === '' || !Number.isInteger(n) ? null : n;
};

/**
 * A question's answer (issue 39): the type the candidate answers with, the type's settings (word
 * limits, options with knockouts, how many to pick) with the contract's messages next to the field
 * they concern, and a small read-only preview of what the candidate sees.
 */
export const AnswerFields = ({ answer, onChange, questionNumber }: { answer: AnswerSpec; onChange: (answer: AnswerSpec) => void; questionNumber: number }) => {
  const issues = answerIssues(answer);
  const error = (key: string) => (issues[key] ? { hasError: true, errorMessage: issues[key] } : {});
  const setOptions = (options: ChoiceOption[]) => isChoiceAnswer(answer) && onChange({ ...answer, options });
  return (
    <Flex direction="column" gap="small" className="editor-answer">
      <SelectField
        label="Answer type"
        value={answer.answerType}
        onChange={(e) => onChange(changeAnswerType(answer, e.target.value as AnswerType))}
      >
        {ANSWER_TYPES.map((type) => (
          <option key={type} value={type}>
            {ANSWER_TYPE_LABELS[type]}
            {type === 'video' ? ' (default)' : ''}
          </option>
        ))}
      </SelectField>

      {answer.answerType === 'text' && (
        <Flex gap="small" wrap="wrap">
          <TextField
            label="Minimum words"
            type="number"
            min={1}
            max={TEXT_WORD_LIMIT_MAX}
            placeholder="None"
            value={answer.minWords ?? ''}
            onChange={(e) => onChange({ ...answer, minWords: limit(e.target.value) })}
            {...error('minWords')}
          />
          <TextField
            label="Maximum words"
            type="number"
            min={1}
            max={TEXT_WORD_LIMIT_MAX}
            placeholder="None"
            value={answer.maxWords ?? ''}
            onChange={(e) => onChange({ ...answer, maxWords: limit(e.target.value) })}
            {...error('maxWords')}
          />
        </Flex>
      )}

      {isChoiceAnswer(answer) && (
        <fieldset className="editor-options">
          <legend className="editor-options__legend">Options</legend>
          <Flex direction="column" gap="xs">
            {answer.options.map((option, i) => (
              <div key={option.optionId} className="editor-option">
                <TextField
                  label={`Option ${i + 1}`}
                  value={option.label}
                  maxLength={CHOICE_LABEL_MAX}
                  onChange={(e) => setOptions(answer.options.map((o, j) => (j === i ? { ...o, label: e.target.value } : o)))}
                  {...error(`options.${i}.label`)}
                  className="editor-option__label"
                />
                <CheckboxField
                  label="Knockout"
                  name={`knockout-${option.optionId}`}
                  aria-label={`Option ${i + 1} knocks out`}
                  checked={option.knockout}
                  onChange={(e) => setOptions(answer.options.map((o, j) => (j === i ? { ...o, knockout: e.target.checked } : o)))}
                />
                <Button
                  size="small"
                  variation="link"
                  className="editor-link-button"
                  isDisabled={answer.options.length <= CHOICE_OPTIONS_MIN}
                  aria-label={`Remove option ${i + 1}`}
                  onClick={() => setOptions(answer.options.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              </div>
            ))}
            {issues.options && (
              <p className="editor-answer__error" role="alert">
                {issues.options}
              </p>
            )}
            <div>
              <Button
                size="small"
                variation="link"
                className="editor-link-button"
                isDisabled={answer.options.length >= CHOICE_OPTIONS_MAX}
                onClick={() => setOptions([...answer.options, newOption()])}
              >
                Add an option
              </Button>
            </div>
          </Flex>
        </fieldset>
      )}

      {answer.answerType === 'multiple_choice' && (
        <Flex gap="small" wrap="wrap">
          <TextField
            label="Pick at least"
            type="number"
            min={1}
            max={answer.options.length}
            value={answer.minPicked}
            onChange={(e) => onChange({ ...answer, minPicked: limit(e.target.value) ?? 1 })}
            {...error('minPicked')}
          />
          <TextField
            label="Pick at most"
            type="number"
            min={1}
            max={answer.options.length}
            placeholder="Any number"
            value={answer.maxPicked ?? ''}
            onChange={(e) => onChange({ ...answer, maxPicked: limit(e.target.value) })}
            {...error('maxPicked')}
          />
        </Flex>
      )}

      {answer.answerType === 'file' && <p className="editor-answer__note">The candidate uploads one file: {FILE_ANSWER_NOTE}.</p>}

      <AnswerPreview answer={answer} questionNumber={questionNumber} />
    </Flex>
  );
};

/** What the candidate sees for the chosen type, read-only and small. */
const AnswerPreview = ({ answer, questionNumber }: { answer: AnswerSpec; questionNumber: number }) => {
  const name = `preview-${questionNumber}`;
  return (
    <figure className="editor-preview" aria-label={`Preview of the answer to question ${questionNumber}`}>
      <figcaption className="editor-preview__caption">The candidate sees</figcaption>
      {answer.answerType === 'video' && <p className="editor-preview__text">A camera view and a record button.</p>}
      {answer.answerType === 'audio' && (
        <div className="editor-preview__audio">
          <span className="editor-preview__mic" aria-hidden="true">
            {[0.4, 0.7, 1, 0.6, 0.3].map((h, i) => (
              <span key={i} style={{ height: `${h * 100}%` }} />
            ))}
          </span>
          <span className="editor-preview__text">A microphone level and a record button (no camera).</span>
        </div>
      )}
      {answer.answerType === 'text' && (
        <TextAreaField
          label="Your answer"
          size="small"
          isDisabled
          rows={2}
          placeholder="Type your answer"
          descriptiveText={
            answer.minWords && answer.maxWords
              ? `${answer.minWords} to ${answer.maxWords} words`
              : answer.minWords
                ? `At least ${answer.minWords} words`
                : answer.maxWords
                  ? `Up to ${answer.maxWords} words`
                  : 'Any length'
          }
        />
      )}
      {answer.answerType === 'single_choice' && (
        <RadioGroupField legend="Choose one" name={name} size="small" isDisabled>
          {answer.options.map((o, i) => (
            <Radio key={o.optionId} value={o.optionId}>
              {o.label || `Option ${i + 1}`}
            </Radio>
          ))}
        </RadioGroupField>
      )}
      {answer.answerType === 'multiple_choice' && (
        <fieldset className="editor-preview__choices" disabled>
          <legend className="editor-preview__text">
            {answer.maxPicked === null
              ? `Choose at least ${answer.minPicked}`
              : answer.maxPicked === answer.minPicked
                ? `Choose ${answer.minPicked}`
                : `Choose ${answer.minPicked} to ${answer.maxPicked}`}
          </legend>
          {answer.options.map((o, i) => (
            <CheckboxField key={o.optionId} label={o.label || `Option ${i + 1}`} name={`${name}-${o.optionId}`} size="small" isDisabled />
          ))}
        </fieldset>
      )}
      {answer.answerType === 'file' && (
        <div className="editor-preview__file">
          <span className="editor-preview__file-button">Choose a file</span>
          <span className="editor-preview__text">{FILE_ANSWER_NOTE}</span>
        </div>
      )}
    </figure>
  );
};

/**
 * The interview's knockout rule (issue 39), shown once any option knocks out: flag the candidate
 * for the team, or end the interview with a message (prefilled with the default).
 */
export const KnockoutFields = ({ knockout, onChange }: { knockout: KnockoutSettings; onChange: (knockout: KnockoutSettings) => void }) => (
  <fieldset className="editor-knockout">
    <legend className="editor-knockout__legend">Knockout answers</legend>
    <Flex direction="column" gap="small">
      <RadioGroupField
        legend="When a candidate picks a knockout option"
        name="knockout-action"
        value={knockout.action}
        onChange={(e) => {
          const action = e.target.value as KnockoutSettings['action'];
          onChange({ action, message: knockout.message.trim() ? knockout.message : DEFAULT_KNOCKOUT_MESSAGE });
        }}
      >
        <Radio value="flag">Flag the candidate for the team</Radio>
        <Radio value="end">End the interview with a message</Radio>
      </RadioGroupField>
      {knockout.action === 'end' && (
        <TextAreaField
          label="Message to the candidate"
          value={knockout.message}
          maxLength={KNOCKOUT_MESSAGE_MAX}
          rows={3}
          onChange={(e) => onChange({ ...knockout, message: e.target.value })}
        />
      )}
    </Flex>
  </fieldset>
);
