import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Report } from '../../../../../lambdas/contracts/reports';
import { funnelRows } from '../figures';
import { questionLabel } from '../datasets';
import { formatShortDay } from '../period';

/**
 * The Reports screen's charts, drawn with recharts (in the screen's lazy chunk only). Colours are the
 * design tokens (lib/theme.ts) as CSS variables, so a company theme's brand scale shows through.
 * Each chart is an image to assistive technology (its section gives it role="img", a label, and
 * the table beside it), so recharts' own keyboard layer is off: the table is the way to read it.
 */
const token = (name: string) => `var(--amplify-colors-${name})`;
export const COLORS = {
  primary: token('primary-80'),
  primaryLight: token('primary-40'),
  green: token('green-60'),
  orange: token('orange-60'),
  red: token('red-60'),
  blue: token('blue-60'),
  grid: token('neutral-20'),
  text: token('font-secondary'),
} as const;

const AXIS = { stroke: COLORS.grid, tick: { fill: COLORS.text, fontSize: 12 } } as const;
const TOOLTIP = {
  contentStyle: { borderRadius: 8, borderColor: 'var(--amplify-colors-neutral-40)', fontSize: 14 },
  isAnimationActive: false,
} as const;

/** Legend entries in the text colour (the swatch beside each carries the series' colour), so a light series stays readable. */
const legendText = (value: string) => <span style={{ color: COLORS.text }}>{value}</span>;

const STEP_COLORS: Record<string, string> = {
  invited: COLORS.primaryLight,
  opened: COLORS.primaryLight,
  started: COLORS.primary,
  completed: COLORS.primary,
  reviewed: COLORS.blue,
  shortlisted: COLORS.green,
  rejected: COLORS.red,
};

export const FunnelChart = ({ report }: { report: Report }) => {
  const data = funnelRows(report).map((row) => ({ name: row.label, step: row.step, count: row.count }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={COLORS.grid} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="name" width={88} {...AXIS} />
        <Tooltip {...TOOLTIP} cursor={{ fill: token('neutral-10') }} />
        <Bar dataKey="count" name="Candidates" isAnimationActive={false} radius={[0, 4, 4, 0]}>
          {data.map((entry) => (
            <Cell key={entry.step} fill={STEP_COLORS[entry.step]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
};

export const DaysChart = ({ report }: { report: Report }) => (
  <ResponsiveContainer width="100%" height={240}>
    <LineChart data={report.days} margin={{ top: 8, right: 16, bottom: 4, left: -16 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} stroke={COLORS.grid} />
      <XAxis dataKey="date" tickFormatter={formatShortDay} minTickGap={24} {...AXIS} />
      <YAxis allowDecimals={false} {...AXIS} />
      <Tooltip {...TOOLTIP} labelFormatter={(label) => formatShortDay(String(label))} />
      <Legend wrapperStyle={{ fontSize: 14 }} formatter={legendText} />
      <Line type="monotone" dataKey="invited" name="Invited" stroke={COLORS.primaryLight} strokeWidth={2} dot={false} isAnimationActive={false} />
      <Line type="monotone" dataKey="started" name="Started" stroke={COLORS.orange} strokeWidth={2} dot={false} isAnimationActive={false} />
      <Line type="monotone" dataKey="completed" name="Completed" stroke={COLORS.primary} strokeWidth={2} dot={false} isAnimationActive={false} />
    </LineChart>
  </ResponsiveContainer>
);

export const DropOffChart = ({ report }: { report: Report }) => {
  const data = report.questions.map((q) => ({ name: `Q${q.index + 1}`, title: questionLabel(q), reached: q.reached, answered: q.answered }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, 56 * data.length + 60)}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={COLORS.grid} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="name" width={44} {...AXIS} />
        <Tooltip
          {...TOOLTIP}
          labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.title ?? _label)}
          cursor={{ fill: token('neutral-10') }}
        />
        <Legend wrapperStyle={{ fontSize: 14 }} formatter={legendText} />
        <Bar dataKey="reached" name="Reached" fill={COLORS.primaryLight} isAnimationActive={false} radius={[0, 4, 4, 0]} />
        <Bar dataKey="answered" name="Answered" fill={COLORS.primary} isAnimationActive={false} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
};

export const RetakesChart = ({ report }: { report: Report }) => {
  const data = report.questions.map((q) => ({ name: `Q${q.index + 1}`, title: questionLabel(q), retakes: q.retakes }));
  return (
    <ResponsiveContainer width="100%" height={200}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={COLORS.grid} />
        <XAxis dataKey="name" {...AXIS} />
        <YAxis allowDecimals={false} {...AXIS} />
        <Tooltip
          {...TOOLTIP}
          labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.title ?? _label)}
          cursor={{ fill: token('neutral-10') }}
        />
        <Bar dataKey="retakes" name="Retakes" fill={COLORS.orange} isAnimationActive={false} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
};

/** Two shares of one whole (phone / desktop, browser / live), this period beside the previous one. */
export const SplitChart = ({ rows }: { rows: { name: string; current: number; previous: number }[] }) => (
  <ResponsiveContainer width="100%" height={180}>
    <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 4, left: -16 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} stroke={COLORS.grid} />
      <XAxis dataKey="name" {...AXIS} />
      <YAxis allowDecimals={false} {...AXIS} />
      <Tooltip {...TOOLTIP} cursor={{ fill: token('neutral-10') }} />
      <Legend wrapperStyle={{ fontSize: 14 }} formatter={legendText} />
      <Bar dataKey="current" name="This period" fill={COLORS.primary} isAnimationActive={false} radius={[4, 4, 0, 0]} />
      <Bar dataKey="previous" name="Previous period" fill={COLORS.primaryLight} isAnimationActive={false} radius={[4, 4, 0, 0]} />
    </BarChart>
  </ResponsiveContainer>
);
