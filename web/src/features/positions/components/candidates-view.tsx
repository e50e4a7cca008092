import { Alert, Flex, Heading, Tabs, Text } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import type { Position } from '../../../api/positions';
import { messages } from '../messages';

const tabs = {
  invited: { label: 'Invited', empty: 'Sent an interview to complete' },
  responded: { label: 'Responded', empty: 'Completed the interview' },
  shortlisted: { label: 'Shortlisted', empty: 'Promising to move forward' },
  rejected: { label: 'Rejected', empty: 'Not a good fit' },
} as const;
type Tab = keyof typeof tabs;

/**
 * Candidates view (spec §2): tabs with counts (shortlisted and rejected only with evaluation; without
 * it Responded holds them), the closed-position banner, and each tab's empty state.
 */
export const CandidatesView = ({ position, evaluation }: { position: Position; evaluation: boolean }) => {
  const [params, setParams] = useSearchParams();
  const visible: Tab[] = evaluation ? ['invited', 'responded', 'shortlisted', 'rejected'] : ['invited', 'responded'];
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && visible.includes(requested) ? requested : 'invited';
  const count = (t: Tab) =>
    !evaluation && t === 'responded'
      ? position.candidates.responded + position.candidates.shortlisted + position.candidates.rejected
      : position.candidates[t];
  return (
    <Flex direction="column" gap="medium">
      {position.currentStatus === 'closed' && <Alert variation="warning">{messages.closedBanner}</Alert>}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          next.set('tab', value);
          setParams(next, { replace: true });
        }}
        items={visible.map((t) => ({
          label: `${tabs[t].label} (${count(t)})`,
          value: t,
          content:
            t === tab ? (
              <Flex direction="column" alignItems="center" padding="xxl" gap="xs">
                <Heading level={5}>{tabs[t].label}</Heading>
                <Text color="font.secondary">{tabs[t].empty}</Text>
              </Flex>
            ) : null,
        }))}
      />
    </Flex>
  );
};
