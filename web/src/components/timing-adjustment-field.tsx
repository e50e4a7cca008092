import { Accordion, Badge, CheckboxField, Fieldset, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { EXTRA_RETAKE_OPTIONS, TIME_MULTIPLIERS, type TimeMultiplier, type TimingAdjustment } from '../../../lambdas/contracts/timing';
import { isAdjusted, type Pacing } from '../../../lambdas/contracts/timing';
import { multiplierText, pacingSummary } from '../lib/timing';

/**
 * The one control for a candidate's timing adjustment (issue 25): time limits off, more time (×1.5
 * to ×3, moot while limits are off) and extra retakes, with a line saying what the candidate gets
 * given the position's pacing. Used when inviting (one or in bulk), for the public link's
 * candidates and on the candidate page.
 */
export const TimingAdjustmentField = ({
  value,
  onChange,
  pacing,
  legend = 'Timing',
  legendHidden = false,
  name = 'timing',
}: {
  value: TimingAdjustment;
  onChange: (value: TimingAdjustment) => void;
  /** The position's pacing, for the summary; without it there is no summary. */
  pacing?: Pacing;
  legend?: string;
  legendHidden?: boolean;
  /** Tells apart two of these on one page. */
  name?: string;
}) => {
  const summaryId = useId();
  const limitsHelpId = useId();
  return (
    <Fieldset
      legend={legend}
      legendHidden={legendHidden}
      variation="plain"
      direction="column"
      gap="small"
      aria-describedby={pacing ? summaryId : undefined}
    >
      <Flex direction="column" gap="xxxs">
        <CheckboxField
          name={`${name}-limits-off`}
          label="Time limits off"
          aria-describedby={limitsHelpId}
          checked={value.timeLimitsOff}
          // Off, the multiplier means nothing: it goes back to standard, so what is saved says what applies.
          onChange={(e) => onChange({ ...value, timeLimitsOff: e.target.checked, timeMultiplier: e.target.checked ? 1 : value.timeMultiplier })}
        />
        <Text id={limitsHelpId} fontSize="small" color="font.secondary" paddingLeft="large">
          No thinking countdown and no limit on the length of answers.
        </Text>
      </Flex>
      <Flex gap="medium" wrap="wrap">
        <SelectField
          label="More time"
          size="small"
          flex="1 1 10rem"
          value={String(value.timeMultiplier)}
          isDisabled={value.timeLimitsOff}
          onChange={(e) => onChange({ ...value, timeMultiplier: Number(e.target.value) as TimeMultiplier })}
        >
          {TIME_MULTIPLIERS.map((m) => (
            <option key={m} value={m}>
              {multiplierText(m)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Extra retakes"
          size="small"
          flex="1 1 10rem"
          value={String(value.extraRetakes)}
          onChange={(e) => onChange({ ...value, extraRetakes: Number(e.target.value) as TimingAdjustment['extraRetakes'] })}
        >
          {EXTRA_RETAKE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? 'None' : `+${n}`}
            </option>
          ))}
        </SelectField>
      </Flex>
      {pacing && (
        <Text id={summaryId} fontSize="small" color="font.secondary" aria-live="polite" data-testid="timing-summary">
          <Text as="span" fontWeight="semibold">
            Candidate gets:
          </Text>{' '}
          {pacingSummary(pacing, value)}
        </Text>
      )}
    </Fieldset>
  );
};

/**
 * The timing control folded away under "Adjust timing (accommodations)" (the invite dialogs): most
 * candidates get the position's pacing, and an adjustment made stays named on the closed fold.
 */
export const CollapsibleTimingField = (props: Parameters<typeof TimingAdjustmentField>[0]) => (
  <Accordion.Container>
    <Accordion.Item value="timing">
      <Accordion.Trigger>
        <Flex as="span" gap="xs" alignItems="center" wrap="wrap">
          Adjust timing (accommodations)
          {isAdjusted(props.value) && <Badge size="small">Adjusted</Badge>}
        </Flex>
        <Accordion.Icon />
      </Accordion.Trigger>
      <Accordion.Content>
        <TimingAdjustmentField legendHidden legend="Adjust timing (accommodations)" {...props} />
      </Accordion.Content>
    </Accordion.Item>
  </Accordion.Container>
);
