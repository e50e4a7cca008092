import { useState } from 'react';
import { DELETED_DATA_KIND_TEXT } from '../../../../../lambdas/contracts/data-deletion';
import { errorMessage } from '../../../api/client';
import { confirmDataDeletionCall } from '../api';
import { useDeletionCompany } from '../use-deletion-company';
import { BrandedPage } from './branded-page';
import { DeletionKinds } from './deletion-kinds';
import { Alert, Button, Loader, Title } from './ui';

type Receipt = Awaited<ReturnType<typeof confirmDataDeletionCall>>;

const timeText = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

/**
 * The confirmation link's page (issue 28): what goes, a "Delete my data" button, then the receipt
 * (also mailed). A used or expired link says so. Both name the company (issue 43): before, by the id
 * the link carries; the receipt, as the deletion read it.
 */
export const ConfirmDeletionScreen = ({ nonce, companyId }: { nonce: string; companyId: string | null }) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const company = useDeletionCompany(companyId);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      setReceipt(await confirmDataDeletionCall(nonce));
    } catch (e) {
      setError(errorMessage(e, 'Unable to delete your data at this time. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (receipt) {
    return (
      <BrandedPage branding={null}>
        <div className="ir-stack ir-done">
          <div className="ir-stack ir-stack--tight" role="status">
            <Title focus>Your data has been deleted</Title>
            <p>{receipt.companyName} has deleted everything it held about you. We&apos;ve e-mailed you this receipt too.</p>
          </div>
          <dl className="ir-receipt">
            <dt>Receipt id</dt>
            <dd>{receipt.receiptId}</dd>
            <dt>Deleted on</dt>
            <dd>{timeText(receipt.deletedAt)}</dd>
            <dt>What was deleted</dt>
            <dd>
              <ul className="ir-list">
                {receipt.kinds.map((kind) => (
                  <li key={kind}>{DELETED_DATA_KIND_TEXT[kind]}</li>
                ))}
              </ul>
            </dd>
          </dl>
          <p className="ir-secondary">
            {receipt.companyName} keeps only this receipt (its id, the time and the kinds of data), nothing about you. Your interview links no longer
            work.
          </p>
        </div>
      </BrandedPage>
    );
  }
  if (!company.settled)
    return (
      <BrandedPage branding={null}>
        <Title>Delete your data?</Title>
        <Loader />
      </BrandedPage>
    );
  return (
    <BrandedPage branding={null}>
      <Title>Delete your data?</Title>
      <div className="ir-stack">
        <p>Everything {company.name ?? 'this company'} holds about you from its video interviews will be deleted, for every position:</p>
        <DeletionKinds />
        <Alert variation="warning">This cannot be undone. Your interview links will stop working.</Alert>
        {error && <Alert variation="error">{error}</Alert>}
        <Button variation="danger" onClick={() => void confirm()} isLoading={busy} loadingText="Deleting...">
          Delete my data
        </Button>
      </div>
    </BrandedPage>
  );
};
