import { Text } from '@shopify/polaris';
import styles from './BarChart.module.css';

export interface Bar {
  label: string;
  value: number;
}

interface Props {
  /** Names the chart for everyone: the table's caption. */
  caption: string;
  bars: Bar[];
  formatValue: (value: number) => string;
}

/**
 * A horizontal bar chart that is a real table underneath: screen readers read label and value
 * per row, the bars are decoration. Colours come from Polaris tokens (AA contrast on the card).
 */
export function BarChart({ caption, bars, formatValue }: Props) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <table className={styles.chart}>
      <caption className={styles.caption}>
        <Text as="span" variant="headingSm">
          {caption}
        </Text>
      </caption>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row" className={styles.label}>
              {bar.label}
            </th>
            <td className={styles.track}>
              <span
                aria-hidden="true"
                className={styles.bar}
                style={{ width: `${(bar.value / max) * 100}%` }}
              />
            </td>
            <td className={styles.value}>{formatValue(bar.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
