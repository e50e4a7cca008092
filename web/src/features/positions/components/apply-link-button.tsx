import { createApplyLink } from '../../../api/positions';
import { CopyButton } from '../../../components/copy-button';

/**
 * "Copy apply link" (issue 29): copies the position's public apply link; a position without one
 * gets it first (POST …/apply-links, as the settings' "Public link" switch does), so sharing the
 * link is one click. `onCreated` when the link was made, for the screen to show it on.
 */
export const CopyApplyLinkButton = ({
  positionId,
  applyLink,
  onCreated,
}: {
  positionId: string;
  applyLink: { linkHref: string } | null;
  onCreated?: () => void;
}) => (
  <CopyButton
    label="Copy apply link"
    text={
      applyLink
        ? applyLink.linkHref
        : async () => {
            const { linkHref } = await createApplyLink(positionId);
            onCreated?.();
            return linkHref;
          }
    }
  />
);
