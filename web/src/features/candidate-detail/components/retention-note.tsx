import { Button } from '@aws-amplify/ui-react';
import { useOwnershipStatus } from '../../../api/companies';
import { openCompanySettings } from '../../../lib/company-settings';
import { formatDate } from '../../../lib/format';
import { messages } from '../messages';

/**
 * When the company's retention policy deletes the candidate (issue 28), small in the header's meta
 * line: "Due for deletion on 12 May 2027". Owners get a link to the policy (Company settings,
 * Retention tab). Nothing when the policy never deletes.
 */
export const RetentionNote = ({ companyId, deleteAfter }: { companyId: string; deleteAfter: string | null }) => {
  const isOwner = useOwnershipStatus(companyId).data?.isOwner === true;
  if (deleteAfter === null) return null;
  return (
    <p className="candidate-page__retention" data-testid="retention-note">
      <span>{messages.dueForDeletion(formatDate(deleteAfter))}</span>
      {isOwner && (
        <Button size="small" variation="link" className="candidate-page__retention-link" onClick={() => openCompanySettings('retention')}>
          {messages.retentionPolicy}
        </Button>
      )}
    </p>
  );
};
