import { Flex, SelectField } from '@aws-amplify/ui-react';
import { ANSWER_TIME_OPTIONS, RETAKE_OPTIONS, THINKING_TIME_OPTIONS, UNLIMITED } from '../../../../lambdas/contracts/pacing';
import type { EditableInterview } from './interview-model';

const duration = (seconds: number) =>
  seconds === 0 ? 'None' : seconds < 60 ? `${seconds} seconds` : seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;

/** Pacing selectors (spec §9): thinking time and retakes offer Unlimited (-1); answer length does not. */
export const PacingFields = ({
  pacing,
  onChange,
}: {
  pacing: EditableInterview['pacing'];
  onChange: (pacing: EditableInterview['pacing']) => void;
}) => (
  <Flex direction="column" gap="medium">
    <SelectField
      label="Thinking time"
      value={String(pacing.thinkingTime)}
      onChange={(e) => onChange({ ...pacing, thinkingTime: Number(e.target.value) })}
    >
      {THINKING_TIME_OPTIONS.map((s) => (
        <option key={s} value={s}>
          {duration(s)}
        </option>
      ))}
      <option value={UNLIMITED}>Unlimited</option>
    </SelectField>
    <SelectField
      label="Max answer length"
      value={String(pacing.answerTime)}
      onChange={(e) => onChange({ ...pacing, answerTime: Number(e.target.value) })}
    >
      {ANSWER_TIME_OPTIONS.map((s) => (
        <option key={s} value={s}>
          {duration(s)}
        </option>
      ))}
    </SelectField>
    <SelectField label="Retakes" value={String(pacing.retakes)} onChange={(e) => onChange({ ...pacing, retakes: Number(e.target.value) })}>
      {RETAKE_OPTIONS.map((n) => (
        <option key={n} value={n}>
          {n === 0 ? 'None' : n}
        </option>
      ))}
      <option value={UNLIMITED}>Unlimited</option>
    </SelectField>
  </Flex>
);
