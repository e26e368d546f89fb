import { useId } from 'react';
import { t } from '../../i18n/index.ts';
import type { ExperimentView } from '../../shared/contract.ts';
import {
  armName,
  formatArmDay,
  formatExperimentDay,
  formatGoalValue,
} from './experiment-wording.ts';

interface Props {
  experiment: ExperimentView;
}

type Day = ExperimentView['days'][number];

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
  plot: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 6 },
  yAxis: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    textAlign: 'end',
  },
  xAxis: { display: 'flex', justifyContent: 'space-between' },
  axis: { fontSize: 12, color: 'var(--p-color-text-secondary)' },
  chart: { display: 'block', width: '100%', height: 'auto' },
  grid: { stroke: 'var(--p-color-border-secondary)' },
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

/**
 * Each arm's goal metric over the complete days (experiment to date, so the lines settle as
 * visitors add up), its always-valid interval as a band around it. An image for sighted readers
 * (role img, its title and description say what it shows and the last day's figures); every
 * day's figures are in the table beside it (DaysTable).
 */
export function DaysChart({ experiment }: Props) {
  const id = useId();
  const { days, goal } = experiment;
  if (days.length === 0) return null;
  const values = days.flatMap((day) =>
    day.arms.flatMap((arm) => [arm.value, arm.interval?.upper ?? arm.value]),
  );
  const high = Math.max(...values) || (goal === 'revenue' ? 1 : 0.01);
  const plotWidth = WIDTH - 2 * PAD;
  const x = (index: number) =>
    days.length === 1 ? WIDTH / 2 : PAD + (index / (days.length - 1)) * plotWidth;
  const y = (value: number) => PAD + (1 - value / high) * (HEIGHT - 2 * PAD);
  const names = experiment.arms.map((arm) => armName(arm, experiment));
  const last = days.at(-1)!;
  const metric = t(`experiments.metric.${goal}`);
  const description = t('experiments.chart.description', {
    first: formatExperimentDay(days[0]!.day),
    last: formatExperimentDay(last.day),
    arms: last.arms.map((arm, index) => `${names[index]}: ${formatArmDay(goal, arm)}`).join('; '),
  });
  return (
    <figure style={STYLE.figure}>
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
          <span>{formatGoalValue(goal, high)}</span>
          <span>{formatGoalValue(goal, 0)}</span>
        </div>
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
        <span />
        <div style={{ ...STYLE.xAxis, ...STYLE.axis }} aria-hidden="true">
          <span>{formatExperimentDay(days[0]!.day)}</span>
          {days.length > 1 ? <span>{formatExperimentDay(last.day)}</span> : null}
        </div>
      </div>
    </figure>
  );
}
