import { Button } from '@aws-amplify/ui-react';
import { useId, type ReactNode } from 'react';
import { downloadText } from '../../../lib/download';
import { datasetCsv, datasetFileName, type Dataset } from '../datasets';

/** A dataset as a table: the chart's text alternative (and the same rows as its CSV). */
export const DatasetTable = ({
  dataset,
  caption,
  id,
  cell = (value) => value,
}: {
  dataset: Dataset;
  caption: string;
  id?: string;
  cell?: (value: string | number, column: number) => ReactNode;
}) => (
  // Focusable and named, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
  <div className="report-table__scroll" tabIndex={0} role="region" aria-label={`${caption}, table`}>
    <table className="report-table" id={id}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {dataset.columns.map((column, index) => (
            <th key={column} scope="col" className={index === 0 ? undefined : 'report-table__number'}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {dataset.rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((value, index) =>
              index === 0 ? (
                <th key={index} scope="row">
                  {cell(value, index)}
                </th>
              ) : (
                <td key={index} className="report-table__number">
                  {cell(value, index)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

/**
 * One chart of the report: its heading, a line of figures, the chart (an image labelled with what it
 * shows, described by its table), the table behind a "Show as table" disclosure (always open where
 * there is no chart), and "Download CSV" of the same rows.
 */
export const ReportSection = ({
  title,
  summary,
  chartLabel,
  chart,
  dataset,
  subject,
  period,
  cell,
  children,
}: {
  title: string;
  summary?: ReactNode;
  /** What the chart shows, in a sentence (its accessible name). */
  chartLabel?: string;
  chart?: ReactNode;
  dataset: Dataset;
  /** The position's title or "All positions": the CSV's name. */
  subject: string;
  period: { from: string; to: string };
  cell?: (value: string | number, column: number) => ReactNode;
  children?: ReactNode;
}) => {
  const headingId = useId();
  const tableId = useId();
  const table = <DatasetTable dataset={dataset} caption={title} id={tableId} cell={cell} />;
  return (
    <section className="report-card" aria-labelledby={headingId}>
      <div className="report-card__head">
        <h2 className="report-card__title" id={headingId}>
          {title}
        </h2>
        <Button
          size="small"
          aria-label={`Download CSV: ${title}`}
          onClick={() => downloadText(datasetCsv(dataset), datasetFileName(dataset, subject, period), 'text/csv;charset=utf-8')}
        >
          Download CSV
        </Button>
      </div>
      {summary && <div className="report-card__summary">{summary}</div>}
      {children}
      {chart ? (
        <>
          <div className="report-card__chart" role="img" aria-label={chartLabel ?? title} aria-describedby={tableId}>
            {chart}
          </div>
          <details className="report-card__table">
            <summary>Show as table</summary>
            {table}
          </details>
        </>
      ) : (
        table
      )}
    </section>
  );
};
