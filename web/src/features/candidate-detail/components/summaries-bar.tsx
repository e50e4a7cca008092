import { SwitchField } from '@aws-amplify/ui-react';
import type { ComponentProps } from 'react';
import { SummaryOverview } from '../../../components/answers/answer-summary';

/**
 * Issue 41, above the candidate's answers: their machine-written overview (each line opens its answer
 * at the cited second) and the reviewer's own "Hide summaries", which hides every summary for them
 * (saved with their preferences, so it holds across reloads and candidates). Only on a candidate the
 * server sent summaries for.
 */
export const SummariesBar = ({
  hidden,
  onHiddenChange,
  ...overview
}: {
  hidden: boolean;
  onHiddenChange: (hidden: boolean) => void;
} & Pick<ComponentProps<typeof SummaryOverview>, 'overview' | 'answerNumber' | 'onCheck'>) => (
  <div className="summaries-bar">
    <SwitchField
      className="summaries-bar__toggle"
      label="Hide summaries"
      labelPosition="end"
      size="small"
      isChecked={hidden}
      onChange={(e) => onHiddenChange(e.target.checked)}
    />
    {!hidden && <SummaryOverview {...overview} />}
  </div>
);
