import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { Position } from '../../../api/positions';
import { CopyApplyLinkButton } from './apply-link-button';
import { QuickInvite } from './quick-invite';
import './position-created-panel.css';

/**
 * The "position created" moment after the wizard's Finish (issue 29, `celebrate=true`): the next
 * step at hand, inviting the first candidates or sharing the apply link, until it is dismissed.
 */
export const PositionCreatedPanel = ({ position, onChanged, onDismiss }: { position: Position; onChanged: () => void; onDismiss: () => void }) => {
  const [inviting, setInviting] = useState<number | null>(null);
  return (
    <section className="position-created" aria-labelledby="position-created-title">
      <span className="position-created__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
          <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <div className="position-created__body">
        <h2 className="position-created__title" id="position-created-title">
          Position created
        </h2>
        <p className="position-created__text">
          Your interview for {position.jobTitle} is ready. Invite your first candidates, or share the apply link so candidates can apply with their
          name and e-mail.
        </p>
        <div className="position-created__actions">
          <Button variation="primary" size="small" onClick={() => setInviting(Date.now())}>
            Invite candidates
          </Button>
          <CopyApplyLinkButton positionId={position.positionId} applyLink={position.applyLink} onCreated={onChanged} />
        </div>
        {position.applyLink ? (
          <p className="position-created__link" data-testid="created-apply-link">
            {position.applyLink.linkHref}
          </p>
        ) : (
          <p className="position-created__hint">Copying the apply link turns it on; you can turn it off in Settings.</p>
        )}
      </div>
      <button type="button" className="position-created__dismiss" aria-label="Dismiss" title="Dismiss" onClick={onDismiss}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {inviting !== null && (
        <QuickInvite
          key={inviting}
          companyId={position.companyId}
          target={{ positionId: position.positionId, pacing: position.interview.pacing }}
          onDone={() => setInviting(null)}
          onInvited={onChanged}
        />
      )}
    </section>
  );
};
