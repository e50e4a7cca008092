import { deletedDataKindTexts } from '../../../../../lambdas/contracts/data-deletion';

/** What a deletion on request takes (issue 28), as the mails list it. */
export const DeletionKinds = ({ id }: { id?: string }) => (
  <ul className="ir-list" id={id}>
    {deletedDataKindTexts().map((text) => (
      <li key={text}>{text}</li>
    ))}
  </ul>
);
