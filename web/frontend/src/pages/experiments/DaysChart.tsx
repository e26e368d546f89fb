import { useId, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import type { ExperimentDayView, ExperimentView } from '../../shared/contract.ts';
import {
  armName,
  formatArmDay,
  formatExperimentDay,
  formatGoalValue,
} from './experiment-wording.ts';

interface Props {
  experiment: ExperimentView;
  /** Its complete days (GET /api/experiments/:id/days); null while they are asked. */
  days: readonly ExperimentDayView[] | null;
  /**
   * They could not be had: what to say over the chart's box instead (the words and a button that
   * asks again, ExperimentDays); the chart itself stays free of Polaris' components, so its unit
   * test renders it without the app's provider.
   */
  failed?: ReactNode;
}

type Day = ExperimentDayView;

const WIDTH = 480;
const HEIGHT = 180;
/** The plot's margins: the axis labels are HTML beside it, so the lines' ends and bands fit. */
const PAD = 6;

/**
 * Polaris's tokens as style properties: the chart needs no stylesheet of its own, so its unit
 * test (test/web, typechecked and run outside Vite) can render it. Each arm has a colour and the
 * original a dashed line too, so the arms differ without colour.
 */
const ARM_STYLES = [
  { stroke: 'var(--p-color-icon-secondary)', strokeDasharray: '5 3' },
  { stroke: 'var(--p-color-icon-info)' },
  { stroke: 'var(--p-color-icon-success)' },
  { stroke: 'var(--p-color-icon-caution)' },
] as const;
/**
 * The legend and the axes' labels are HTML around the SVG, not SVG text: axe cannot tell the
 * contrast of text inside an SVG (it leaves it unmeasured), where HTML text it measures.
 */
const STYLE = {
  figure: { margin: 0, maxWidth: 560 },
  legend: { display: 'flex', flexWrap: 'wrap', gap: '4px 16px', marginBottom: 4 },
  legendItem: { display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 12 },
  // The y axis' column has a width of its own, not its labels': the plot's width, and so its
  // height, is then the same before its days come (no labels yet) as after.
  plot: { display: 'grid', gridTemplateColumns: '4.5em 1fr', columnGap: 6 },
  yAxis: {
    whiteSpace: 'nowrap',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    textAlign: 'end',
  },
  xAxis: { display: 'flex', justifyContent: 'space-between' },
  axis: { fontSize: 12, color: 'var(--p-color-text-secondary)' },
  chart: { display: 'block', width: '100%', height: 'auto' },
  grid: { stroke: 'var(--p-color-border-secondary)' },
  // The plot's place while its days are asked: the same box, so nothing moves when they come.
  pending: { fill: 'var(--p-color-bg-fill-secondary)' },
  over: { position: 'relative' },
  overlay: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 4,
  },
} as const;

const swatch = (arm: number) => ({
  display: 'inline-block',
  width: 18,
  borderTop: `2px ${arm === 0 ? 'dashed' : 'solid'} ${ARM_STYLES[arm]!.stroke}`,
});

/** The arm's bands, one polygon per run of days that have an interval. */
function bands(
  days: readonly Day[],
  arm: number,
  x: (i: number) => number,
  y: (v: number) => number,
) {
  const runs: { index: number; lower: number; upper: number }[][] = [[]];
  days.forEach((day, index) => {
    const interval = day.arms[arm]?.interval;
    if (interval) runs.at(-1)!.push({ index, ...interval });
    else if (runs.at(-1)!.length > 0) runs.push([]);
  });
  return runs
    .filter((run) => run.length > 0)
    .map((run) => {
      // A single day's band is a short bar: a polygon needs some width to be seen.
      const spread = run.length === 1 ? 3 : 0;
      const top = run.map((point) => `${x(point.index) - spread},${y(point.upper)}`);
      const topEnd = spread ? [`${x(run[0]!.index) + spread},${y(run[0]!.upper)}`] : [];
      const bottom = [...run]
        .reverse()
        .map((point) => `${x(point.index) + spread},${y(point.lower)}`);
      const bottomEnd = spread ? [`${x(run[0]!.index) - spread},${y(run[0]!.lower)}`] : [];
      return [...top, ...topEnd, ...bottom, ...bottomEnd].join(' ');
    });
}

/** Nothing shown in an axis label yet: it keeps its line's height. */
const BLANK = '\u00a0';

interface FrameProps {
  names: readonly string[];
  /** The y axis' top and bottom labels, the x axis' first and last (null: one day only). */
  yLabels: readonly [string, string];
  xLabels: readonly [string, string | null];
  /** The plot: an SVG of the chart's viewBox. */
  children: ReactNode;
  busy?: boolean;
}

/**
 * The chart's box, the same whether its days are there or still asked: legend, axes' labels and
 * the plot's SVG (its width, and so its height, the card's), so the days arriving move nothing.
 */
function ChartFrame({ names, yLabels, xLabels, children, busy = false }: FrameProps) {
  return (
    <figure style={STYLE.figure} aria-busy={busy || undefined}>
      {/* The image says the same in words (its title and description): the legend is for sight. */}
      <div style={STYLE.legend} aria-hidden="true">
        {names.map((name, arm) => (
          <span key={name} style={STYLE.legendItem}>
            <span style={swatch(arm)} />
            {name}
          </span>
        ))}
      </div>
      <div style={STYLE.plot}>
        <div style={{ ...STYLE.yAxis, ...STYLE.axis }} aria-hidden="true">
          <span>{yLabels[0]}</span>
          <span>{yLabels[1]}</span>
        </div>
        {children}
        <span />
        <div style={{ ...STYLE.xAxis, ...STYLE.axis }} aria-hidden="true">
          <span>{xLabels[0]}</span>
          {xLabels[1] === null ? null : <span>{xLabels[1]}</span>}
        </div>
      </div>
    </figure>
  );
}

/**
 * The chart while its days are asked (an image named so, a plain box where the lines will be),
 * or once they could not be had (`failed` over the box, which is then hidden from readers).
 */
function PendingChart({ names, failed }: { names: readonly string[]; failed: ReactNode }) {
  const id = useId();
  // Failed: the words over the box say it, the box itself is only its place.
  const named = failed
    ? { 'aria-hidden': true }
    : { role: 'img', 'aria-labelledby': `${id}-title` };
  return (
    <ChartFrame names={names} yLabels={[BLANK, BLANK]} xLabels={[BLANK, null]} busy={!failed}>
      <div style={STYLE.over}>
        <svg style={STYLE.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} {...named}>
          {failed ? null : <title id={`${id}-title`}>{t('experiments.chart.loading')}</title>}
          <rect style={STYLE.pending} x={0} y={0} width={WIDTH} height={HEIGHT} rx={8} />
        </svg>
        {failed ? <div style={STYLE.overlay}>{failed}</div> : null}
      </div>
    </ChartFrame>
  );
}

/**
 * Each arm's goal metric over the complete days (experiment to date, so the lines settle as
 * visitors add up), its always-valid interval as a band around it. An image for sighted readers
 * (role img, its title and description say what it shows and the last day's figures); every
 * day's figures are in the table beside it (DaysTable). While its days are asked, the same box
 * (PendingChart).
 */
export function DaysChart({ experiment, days, failed = null }: Props) {
  const id = useId();
  const { goal } = experiment;
  const names = experiment.arms.map((arm) => armName(arm, experiment));
  if (days === null) return <PendingChart names={names} failed={failed} />;
  if (days.length === 0) return null;
  const values = days.flatMap((day) =>
    day.arms.flatMap((arm) => [arm.value, arm.interval?.upper ?? arm.value]),
  );
  const high = Math.max(...values) || (goal === 'revenue' ? 1 : 0.01);
  const plotWidth = WIDTH - 2 * PAD;
  const x = (index: number) =>
    days.length === 1 ? WIDTH / 2 : PAD + (index / (days.length - 1)) * plotWidth;
  const y = (value: number) => PAD + (1 - value / high) * (HEIGHT - 2 * PAD);
  const last = days.at(-1)!;
  const metric = t(`experiments.metric.${goal}`);
  const description = t('experiments.chart.description', {
    first: formatExperimentDay(days[0]!.day),
    last: formatExperimentDay(last.day),
    arms: last.arms.map((arm, index) => `${names[index]}: ${formatArmDay(goal, arm)}`).join('; '),
  });
  return (
    <ChartFrame
      names={names}
      yLabels={[formatGoalValue(goal, high), formatGoalValue(goal, 0)]}
      xLabels={[
        formatExperimentDay(days[0]!.day),
        days.length > 1 ? formatExperimentDay(last.day) : null,
      ]}
    >
      <svg
        style={STYLE.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{t('experiments.chart.title', { metric })}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line style={STYLE.grid} x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} />
        <line style={STYLE.grid} x1={0} x2={WIDTH} y1={y(high)} y2={y(high)} />
        {experiment.arms.map((arm, index) => {
          const points = days.map((day, at) => ({
            x: x(at),
            y: y(day.arms[index]?.value ?? 0),
          }));
          return (
            <g key={arm.arm} data-arm={arm.arm}>
              {bands(days, index, x, y).map((polygon) => (
                <polygon
                  key={polygon}
                  points={polygon}
                  style={{ fill: ARM_STYLES[index]!.stroke, fillOpacity: 0.15 }}
                />
              ))}
              <polyline
                points={points.map((point) => `${point.x},${point.y}`).join(' ')}
                style={{ ...ARM_STYLES[index], fill: 'none' }}
                strokeWidth={2}
              />
              {points.map((point) => (
                <circle
                  key={point.x}
                  cx={point.x}
                  cy={point.y}
                  r={2.5}
                  style={{ fill: ARM_STYLES[index]!.stroke }}
                />
              ))}
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}
