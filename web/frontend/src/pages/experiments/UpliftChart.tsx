import { useId } from 'react';
import { t } from '../../i18n/index.ts';
import type { ExperimentView } from '../../shared/contract.ts';
import { armName, formatUplift, formatUpliftInterval } from './experiment-wording.ts';

interface Props {
  experiment: ExperimentView;
}

const WIDTH = 320;
const ROW = 28;
const LABEL = 96;
const PAD = 12;

/**
 * Polaris's tokens as style properties: the chart needs no stylesheet of its own, so its unit
 * test (test/web, typechecked and run outside Vite) can render it.
 */
const STYLE = {
  chart: { display: 'block', width: '100%', maxWidth: 480, height: 'auto' },
  label: { fontSize: 11, fill: 'var(--p-color-text)' },
  axis: { fontSize: 11, fill: 'var(--p-color-text-secondary)' },
  zero: { stroke: 'var(--p-color-border-emphasis)', strokeDasharray: '3 3' },
  band: { fill: 'var(--p-color-bg-fill-info-secondary)', stroke: 'var(--p-color-border-info)' },
  estimate: { fill: 'var(--p-color-icon-emphasis)' },
} as const;

/**
 * Each AI photo's uplift against the original as it stands today: its interval as a band, the
 * estimate as a dot, and the original's level (0 %) as a line. An image for sighted readers
 * (role img, its title and description say what it shows); the figures themselves are in the
 * card's table beside it. Today's figures only: the API gives the experiment to date, no series
 * per day.
 */
export function UpliftChart({ experiment }: Props) {
  const id = useId();
  const rows = experiment.arms.filter((arm) => arm.arm !== 'control' && arm.uplift);
  if (rows.length === 0) return null;
  const values = rows.flatMap((arm) => [arm.uplift!.lower, arm.uplift!.upper]);
  const low = Math.min(-5, ...values);
  const high = Math.max(5, ...values);
  const x = (value: number) => LABEL + ((value - low) / (high - low)) * (WIDTH - LABEL - PAD);
  const height = rows.length * ROW + 20;
  const description = rows
    .map((arm) => `${armName(arm, experiment)}: ${formatUpliftInterval(arm.uplift!)}`)
    .join('; ');
  return (
    <svg
      style={STYLE.chart}
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{t('experiments.chart.title')}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <line style={STYLE.zero} x1={x(0)} x2={x(0)} y1={0} y2={rows.length * ROW} />
      {rows.map((arm, index) => {
        const { estimate, lower, upper } = arm.uplift!;
        const middle = index * ROW + ROW / 2;
        return (
          <g key={arm.arm}>
            <text style={STYLE.label} x={0} y={middle} dominantBaseline="middle">
              {armName(arm, experiment)}
            </text>
            <rect
              style={STYLE.band}
              x={x(lower)}
              width={Math.max(2, x(upper) - x(lower))}
              y={middle - 6}
              height={12}
              rx={3}
            />
            <circle style={STYLE.estimate} cx={x(estimate)} cy={middle} r={5} />
          </g>
        );
      })}
      <text style={STYLE.axis} x={x(low)} y={height - 4}>
        {formatUplift(low)}
      </text>
      <text style={STYLE.axis} x={x(0)} y={height - 4} textAnchor="middle">
        {formatUplift(0)}
      </text>
      <text style={STYLE.axis} x={x(high)} y={height - 4} textAnchor="end">
        {formatUplift(high)}
      </text>
    </svg>
  );
}
