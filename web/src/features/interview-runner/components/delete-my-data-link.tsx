import { href, paths } from '../../../config/paths';

/**
 * The interview's footer link to "Delete my data" (issue 28), the candidate's address prefilled. It
 * opens in a new tab, so a take under way is not lost; a plain link, so the keyboard reaches it.
 */
export const DeleteMyDataLink = ({ companyId, email }: { companyId: string; email: string | null }) => (
  <p className="ir-small ir-secondary">
    Want your data deleted?{' '}
    <a className="ir-link" href={href(paths.deleteMyData.to(companyId, { email }))} target="_blank" rel="noopener noreferrer">
      Delete my data<span className="ir-visually-hidden"> (opens in a new tab)</span>
    </a>
  </p>
);
