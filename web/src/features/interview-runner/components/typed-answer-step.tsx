import { useEffect, useId, useRef, useState } from 'react';
import { countWords, wordsText as words } from '../../../../../lambdas/contracts/words';
import { CHOICE_ANSWER_TYPES, type ChoiceAnswerType } from '../../../../../lambdas/contracts/vocabulary';
import { errorMessage } from '../../../api/client';
import { saveDraftCall, submitTypedAnswerCall, type Interview, type TypedAnswerResult } from '../api';
import { messages } from '../messages';
import { QuestionHeading } from './question-heading';
import { Alert, Button } from './ui';

type Question = Interview['questions'][number];
type Spec = Question['answer'];
type TextSpec = Extract<Spec, { answerType: 'text' }>;
type ChoiceSpec = Extract<Spec, { answerType: ChoiceAnswerType }>;

const isChoice = (spec: Spec): spec is ChoiceSpec => (CHOICE_ANSWER_TYPES as readonly string[]).includes(spec.answerType);

/** How long typing pauses before the draft is saved. */
const DRAFT_PAUSE_MS = 800;


/** What the word limits ask for, in the candidate's words ("Between 50 and 300 words."). */
export const wordLimitHint = ({ minWords, maxWords }: Pick<TextSpec, 'minWords' | 'maxWords'>): string | null => {
  if (minWords !== null && maxWords !== null) return `Between ${minWords} and ${maxWords} words.`;
  if (minWords !== null) return `At least ${words(minWords)}.`;
  if (maxWords !== null) return `At most ${words(maxWords)}.`;
  return null;
};

/** What a multiple-choice question asks to pick ("Choose 1 to 3 options."). */
export const pickHint = (spec: ChoiceSpec): string => {
  if (spec.answerType === 'single_choice') return 'Choose one option.';
  const { minPicked, maxPicked } = spec;
  if (maxPicked === null) return minPicked <= 1 ? 'Choose one or more options.' : `Choose at least ${minPicked} options.`;
  if (maxPicked === minPicked) return `Choose ${minPicked} ${minPicked === 1 ? 'option' : 'options'}.`;
  return `Choose ${minPicked} to ${maxPicked} options.`;
};

/**
 * The draft of a text answer, saved while the candidate types (a pause of DRAFT_PAUSE_MS), so a
 * reload or a lost tab loses nothing. Says when it was saved, or that saving failed (the text stays
 * on the page and is sent with the answer regardless).
 */
const useDraft = (token: string, index: number, text: string, initial: string) => {
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const last = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    if (text === last.current) return;
    timer.current = setTimeout(() => {
      setState('saving');
      saving.current = saveDraftCall(token, index, text).then(
        () => {
          last.current = text;
          setState('saved');
        },
        () => setState('failed'),
      );
    }, DRAFT_PAUSE_MS);
    return () => clearTimeout(timer.current);
  }, [token, index, text]);
  /**
   * Before the answer is sent: no draft is saved after it (the server refuses a draft of an answered
   * question), so a pending save is called off and one under way is waited for.
   */
  const settle = () => {
    clearTimeout(timer.current);
    return saving.current;
  };
  return { state, settle };
};

const TextAnswer = ({ token, index, spec, draft, onSubmit }: { token: string; index: number; spec: TextSpec; draft: string; onSubmit: (body: { text: string }) => void }) => {
  const [text, setText] = useState(draft);
  const fieldId = useId();
  const hintId = useId();
  const countId = useId();
  const { state: draftState, settle } = useDraft(token, index, text, draft);
  const count = countWords(text);
  const hint = wordLimitHint(spec);
  const over = spec.maxWords !== null && count > spec.maxWords;
  return (
    <form
      className="ir-stack"
      onSubmit={(event) => {
        event.preventDefault();
        void settle().then(() => onSubmit({ text }));
      }}
    >
      <div className="ir-field">
        <label htmlFor={fieldId}>Your answer</label>
        {hint && (
          <p id={hintId} className="ir-small ir-secondary">
            {hint}
          </p>
        )}
        <textarea
          id={fieldId}
          className="ir-textarea"
          rows={10}
          value={text}
          aria-describedby={[hint ? hintId : null, countId].filter(Boolean).join(' ')}
          aria-invalid={over || undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="ir-row ir-row--spread ir-small">
          <span id={countId} className={over ? 'ir-danger' : 'ir-secondary'} data-testid="word-count">
            {words(count)}
            {spec.maxWords !== null ? ` of at most ${spec.maxWords}` : ''}
          </span>
          <span className="ir-secondary" role="status" aria-live="polite" data-testid="draft-state">
            {draftState === 'saving' ? 'Saving draft…' : draftState === 'saved' ? 'Draft saved' : draftState === 'failed' ? messages.draftNotSaved : ''}
          </span>
        </div>
      </div>
      <Button type="submit" variation="primary">
        Submit answer
      </Button>
    </form>
  );
};

const ChoiceAnswer = ({ spec, onSubmit }: { spec: ChoiceSpec; onSubmit: (body: { optionIds: string[] }) => void }) => {
  const [picked, setPicked] = useState<string[]>([]);
  const name = useId();
  const single = spec.answerType === 'single_choice';
  const toggle = (optionId: string, on: boolean) =>
    setPicked((current) => (single ? [optionId] : on ? [...current, optionId] : current.filter((id) => id !== optionId)));
  return (
    <form
      className="ir-stack"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ optionIds: spec.options.filter((o) => picked.includes(o.optionId)).map((o) => o.optionId) });
      }}
    >
      <fieldset className="ir-choices">
        <legend>{pickHint(spec)}</legend>
        {spec.options.map((option) => (
          <label key={option.optionId} className="ir-choice">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={name}
              value={option.optionId}
              checked={picked.includes(option.optionId)}
              onChange={(event) => toggle(option.optionId, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" variation="primary">
        Submit answer
      </Button>
    </form>
  );
};

/**
 * A question answered without the recorder (issue 39): a typed text (its draft saved while typed,
 * a word counter, paste allowed) or one or more of its options (native radios and checkboxes in a
 * fieldset). The server holds the answer to the question's limits and says what is wrong; the
 * answer stays on the page to be corrected.
 */
export const TypedAnswerStep = ({
  token,
  index,
  total,
  question,
  onSubmitted,
}: {
  token: string;
  index: number;
  total: number;
  question: Question;
  onSubmitted: (result: TypedAnswerResult) => void;
}) => {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const spec = question.answer;
  const submit = async (body: { text: string } | { optionIds: string[] }) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onSubmitted(await submitTypedAnswerCall(token, index, body));
    } catch (e) {
      setError(errorMessage(e, messages.answerNotSaved));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ir-stack" aria-busy={busy || undefined}>
      <QuestionHeading index={index} total={total} question={question} focus />
      {spec.answerType === 'text' && <TextAnswer token={token} index={index} spec={spec} draft={question.draft ?? ''} onSubmit={(b) => void submit(b)} />}
      {isChoice(spec) && <ChoiceAnswer spec={spec} onSubmit={(b) => void submit(b)} />}
      {error && <Alert variation="error">{error}</Alert>}
    </div>
  );
};
