import { Alert, Breadcrumbs, SelectField, TextField } from '@aws-amplify/ui-react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { DURATION_STEPS_SECONDS } from '../../../../../lambdas/contracts/report-constants';
import type { Report } from '../../../../../lambdas/contracts/reports';
import type { ReportPeriodChoice } from '../../../../../lambdas/contracts/app-paths';
import { ApiError } from '../../../api/client';
import { useCompany } from '../../../api/companies';
import { useReport, useReportPositions, type ReportPosition } from '../../../api/reports';
import { PageTitle } from '../../../components/page-title';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/skeleton';
import { paths } from '../../../config/paths';
import { useSearchParamsUpdate } from '../../../lib/search-params';
import { daysDataset, devicesDataset, dropOffDataset, durationsDataset, funnelDataset, recorderPathsDataset, retakesDataset } from '../datasets';
import { conversionWords, countChange, durationChange, formatCount, formatRate, funnelRows, rate, rateChange, withinWords } from '../figures';
import { formatDay, formatRange, periodChoice, periodLabel, resolvePeriod, previousPeriodWords, type ResolvedPeriod } from '../period';
import { reportMessages as messages } from '../messages';
import { DaysChart, DropOffChart, FunnelChart, RetakesChart, SplitChart } from './charts';
import { ReportSection } from './report-section';
import '../reports.css';

const CHOICES: ReportPeriodChoice[] = [7, 30, 90, 'custom'];
const LONGEST = DURATION_STEPS_SECONDS[DURATION_STEPS_SECONDS.length - 1]!;

/** A key figure: its name, its value, and how it compares with the previous period. */
const Figure = ({ label, value, change }: { label: string; value: string; change: string }) => (
  <div className="report-figure">
    <dt className="report-figure__label">{label}</dt>
    <dd className="report-figure__value">{value}</dd>
    <dd className="report-figure__change">{change}</dd>
  </div>
);

const KeyFigures = ({ report }: { report: Report }) => {
  const { current, previous } = report;
  const days = report.period.days;
  return (
    <section aria-labelledby="report-figures-title">
      <h2 className="visually-hidden" id="report-figures-title">
        {messages.keyFigures}
      </h2>
      <dl className="report-figures">
        <Figure
          label="Invited"
          value={formatCount(current.funnel.invited)}
          change={countChange(current.funnel.invited, previous.funnel.invited, days)}
        />
        <Figure
          label="Completed"
          value={formatCount(current.funnel.completed)}
          change={countChange(current.funnel.completed, previous.funnel.completed, days)}
        />
        <Figure
          label="Completion rate"
          value={formatRate(current.completionRate)}
          change={rateChange(current.completionRate, previous.completionRate, days)}
        />
        <Figure
          label="Median time to complete"
          value={withinWords(current.timeToComplete.medianSeconds, current.timeToComplete.count, LONGEST)}
          change={durationChange(previous.timeToComplete, 'medianSeconds', days, LONGEST)}
        />
        <Figure
          label="Median time to first review"
          value={withinWords(current.timeToFirstReview.medianSeconds, current.timeToFirstReview.count, LONGEST)}
          change={durationChange(previous.timeToFirstReview, 'medianSeconds', days, LONGEST)}
        />
      </dl>
    </section>
  );
};

const ReportBody = ({ report, subject }: { report: Report; subject: string }) => {
  const period = report.period;
  const days = period.days;
  const { current, previous } = report;
  const funnel = funnelRows(report);
  const section = { subject, period };
  const compared = previousPeriodWords(days);
  const split = (rows: (string | number)[][]) =>
    rows.map(([name, now, before]) => ({ name: String(name), current: Number(now), previous: Number(before) }));
  return (
    <>
      <KeyFigures report={report} />
      <ReportSection
        {...section}
        title="Funnel"
        dataset={funnelDataset(report)}
        chartLabel={`Funnel: ${funnel.map((row) => `${row.label.toLowerCase()} ${row.count}`).join(', ')}.`}
        chart={<FunnelChart report={report} />}
        summary={
          current.funnel.invited === 0 ? (
            <p>{messages.noneInvited}</p>
          ) : (
            <ol className="report-steps">
              {funnel.map((row) => (
                <li key={row.step}>
                  <strong>{formatCount(row.count)}</strong> {row.label.toLowerCase()}
                  {row.step !== 'invited' && <span className="report-steps__conversion"> ({conversionWords(row)})</span>}
                </li>
              ))}
            </ol>
          )
        }
      />
      <ReportSection
        {...section}
        title="Time to complete and to first review"
        dataset={durationsDataset(report)}
        summary={<p>{messages.durationsNote}</p>}
      />
      <ReportSection
        {...section}
        title="Day by day"
        dataset={daysDataset(report)}
        chartLabel={`Candidates invited, started and completed on each day from ${formatDay(period.from)} to ${formatDay(period.to)}.`}
        chart={<DaysChart report={report} />}
        cell={(value, column) => (column === 0 ? formatDay(String(value)) : value)}
      />
      {report.position ? (
        <>
          <ReportSection
            {...section}
            title="Drop-off per question"
            dataset={dropOffDataset(report)}
            chartLabel={`Drop-off per question: ${report.questions.map((q) => `question ${q.index + 1} reached by ${q.reached}, answered by ${q.answered}`).join('; ')}.`}
            chart={report.questions.length > 0 ? <DropOffChart report={report} /> : undefined}
            summary={<p>{messages.dropOffNote}</p>}
          />
          <ReportSection
            {...section}
            title="Retakes per question"
            dataset={retakesDataset(report)}
            chartLabel={`Retakes per question: ${report.questions.map((q) => `question ${q.index + 1} ${q.retakes}`).join(', ')}.`}
            chart={report.questions.length > 0 ? <RetakesChart report={report} /> : undefined}
          />
        </>
      ) : (
        <p className="report-note">{messages.pickPositionForQuestions}</p>
      )}
      <div className="report-pair">
        <ReportSection
          {...section}
          title="Devices"
          dataset={devicesDataset(report)}
          chartLabel={`Devices: phone ${current.devices.phone}, desktop ${current.devices.desktop}; ${compared}: phone ${previous.devices.phone}, desktop ${previous.devices.desktop}.`}
          chart={<SplitChart rows={split(devicesDataset(report).rows)} />}
          summary={
            <SplitSummary
              a={['phone', current.devices.phone, previous.devices.phone]}
              b={['desktop', current.devices.desktop, previous.devices.desktop]}
              days={days}
            />
          }
        />
        <ReportSection
          {...section}
          title="Recorder path"
          dataset={recorderPathsDataset(report)}
          chartLabel={`Recorder path: in the browser ${current.recorderPaths.browser}, live ${current.recorderPaths.live}; ${compared}: in the browser ${previous.recorderPaths.browser}, live ${previous.recorderPaths.live}.`}
          chart={<SplitChart rows={split(recorderPathsDataset(report).rows)} />}
          summary={
            <SplitSummary
              a={['in the browser', current.recorderPaths.browser, previous.recorderPaths.browser]}
              b={['live', current.recorderPaths.live, previous.recorderPaths.live]}
              days={days}
            />
          }
        />
      </div>
    </>
  );
};

/** Two shares in words: "3 phone (+50% on the previous 30 days), 1 desktop (no candidates)". */
const SplitSummary = ({ a, b, days }: { a: [string, number, number]; b: [string, number, number]; days: number }) => {
  const total = a[1] + b[1];
  if (total === 0 && a[2] + b[2] === 0) return <p>{messages.noCandidates}</p>;
  return (
    <ul className="report-split">
      {[a, b].map(([name, now, before]) => (
        <li key={name}>
          <strong>{formatCount(now)}</strong> {name}
          {total > 0 && ` (${formatRate(rate(now, total))})`}: {countChange(now, before, days)}
        </li>
      ))}
    </ul>
  );
};

const ReportSkeleton = () => (
  <LoadingRegion className="report-skeleton" label={messages.loading}>
    <div className="report-figures">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height="5rem" />
      ))}
    </div>
    <Skeleton height="16rem" />
    <SkeletonLines lines={3} />
  </LoadingRegion>
);

const PositionOptions = ({ positions }: { positions: ReportPosition[] }) => {
  const open = positions.filter((p) => p.currentStatus === 'open');
  const closed = positions.filter((p) => p.currentStatus === 'closed');
  return (
    <>
      {open.map((p) => (
        <option key={p.positionId} value={p.positionId}>
          {p.jobTitle}
        </option>
      ))}
      {closed.length > 0 && (
        <optgroup label="Closed positions">
          {closed.map((p) => (
            <option key={p.positionId} value={p.positionId}>
              {p.jobTitle}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
};

/**
 * Reports (issue 40): the company's or a position's funnel, completion, time to complete and to first
 * review, drop-off and retakes per question, devices and recorder paths, for the last 7, 30 or 90
 * days or custom days in the company's time zone, each beside the previous period. The choices are
 * in the URL (`position`, `period`, `from`, `to`), so a link opens the same report.
 */
const ReportsScreen = () => {
  const { companyId = '' } = useParams();
  const [params] = useSearchParams();
  const company = useCompany(companyId);
  const positions = useReportPositions(companyId);
  const choice = periodChoice(params.get('period'));
  const positionId = params.get('position') || null;
  const timeZone = company.data?.timeZone ?? 'UTC';
  const resolved: ResolvedPeriod | null =
    company.data || company.error ? resolvePeriod(choice, { from: params.get('from'), to: params.get('to') }, timeZone) : null;
  const period = resolved && resolved.problem === undefined ? { from: resolved.from, to: resolved.to } : null;
  const report = useReport(companyId, positionId, period);

  // Built on the URL as it is now: a second choice made before the first one's render must not undo it.
  const update = useSearchParamsUpdate();

  const choosePeriod = (value: string) => {
    const next = periodChoice(value);
    if (next === 'custom') {
      // Custom starts from the days on show, for the user to move.
      const shown = period ?? resolvePeriod(choice, { from: null, to: null }, timeZone);
      update({ period: 'custom', from: params.get('from') ?? shown.from ?? null, to: params.get('to') ?? shown.to ?? null });
    } else update({ period: String(next), from: null, to: null });
  };

  const picked = positions.data?.find((p) => p.positionId === positionId);
  const subject = report.data?.position?.jobTitle ?? picked?.jobTitle ?? (positionId ? 'Position' : messages.allPositions);
  const shownReport = report.data;

  return (
    <main className="app-main app-main--wide">
      <div className="reports-screen">
        <Breadcrumbs.Container>
          <Breadcrumbs.Item>
            <Link to={paths.positions.to(companyId)}>Positions</Link>
            <Breadcrumbs.Separator />
          </Breadcrumbs.Item>
          <Breadcrumbs.Item>
            <Breadcrumbs.Link isCurrent>Reports</Breadcrumbs.Link>
          </Breadcrumbs.Item>
        </Breadcrumbs.Container>
        <PageTitle>{positionId && picked ? `Reports: ${picked.jobTitle}` : 'Reports'}</PageTitle>
        <form className="report-controls" aria-label={messages.controls} onSubmit={(e) => e.preventDefault()}>
          <SelectField
            label="Position"
            value={positionId ?? ''}
            onChange={(e) => update({ position: e.target.value || null })}
            descriptiveText={positions.error ? messages.positionsFailed : undefined}
          >
            <option value="">{messages.allPositions}</option>
            {positions.data && <PositionOptions positions={positions.data} />}
            {positionId && positions.data && !picked && <option value={positionId}>{subject}</option>}
          </SelectField>
          <SelectField label="Period" value={String(choice)} onChange={(e) => choosePeriod(e.target.value)}>
            {CHOICES.map((c) => (
              <option key={c} value={String(c)}>
                {periodLabel(c)}
              </option>
            ))}
          </SelectField>
          {choice === 'custom' && (
            <>
              <TextField label="From" type="date" value={params.get('from') ?? ''} onChange={(e) => update({ from: e.target.value || null })} />
              <TextField label="To" type="date" value={params.get('to') ?? ''} onChange={(e) => update({ to: e.target.value || null })} />
            </>
          )}
        </form>
        <p className="report-zone">
          {messages.daysIn(report.data?.timeZone ?? timeZone)}
          {period && (
            <>
              {' '}
              {messages.showing(formatRange(period.from, period.to))}
              {shownReport && ` ${messages.comparedWith(formatRange(shownReport.previousPeriod.from, shownReport.previousPeriod.to))}`}
            </>
          )}
        </p>
        {resolved?.problem && <Alert variation="warning">{resolved.problem}</Alert>}
        {report.error ? (
          <Alert variation="error">
            {report.error instanceof ApiError && report.error.status === 404
              ? messages.noPosition
              : report.error instanceof ApiError && report.error.status === 400 && typeof report.error.detail === 'string'
                ? report.error.detail
                : messages.loadFailed}
          </Alert>
        ) : period && shownReport ? (
          <div className="report-body">
            <ReportBody report={shownReport} subject={subject} />
          </div>
        ) : period ? (
          <ReportSkeleton />
        ) : null}
      </div>
    </main>
  );
};

export default ReportsScreen;
