import { Fragment } from 'react';
import { Dialog } from '../../../components/dialog';
import { REVIEW_SHORTCUTS } from '../review-shortcuts';

/**
 * "Keyboard shortcuts" (issue 27): every review shortcut the page offers, each key as <kbd>. Rows
 * for features the company has turned off (ratings, evaluation) or the page lacks (comments) are
 * left out.
 */
export const ShortcutsDialog = ({
  open,
  onClose,
  rating,
  evaluation,
  comments,
}: {
  open: boolean;
  onClose: () => void;
  rating: boolean;
  evaluation: boolean;
  comments: boolean;
}) => {
  const offered = { rating, evaluation, comments };
  const rows = REVIEW_SHORTCUTS.filter((row) => !row.when || offered[row.when]);
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={onClose} width="480px">
      <table className="shortcuts-table">
        <caption className="shortcuts-table__caption">Shortcuts work when you are not typing in a field.</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <td className="shortcuts-table__keys">
                {row.keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 && <span className="shortcuts-table__or">{row.keys.length > 2 ? ' ' : ' or '}</span>}
                    <kbd>{key}</kbd>
                  </Fragment>
                ))}
              </td>
              <td>{row.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
};
