/** A short label/value summary (counts, costs, budget), one row per fact. */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [label: string, value: string]> }) {
  return (
    <s-stack direction="block" gap="small-200">
      {rows.map(([label, value]) => (
        <s-stack key={label} direction="inline" justifyContent="space-between" gap="base">
          <s-text>{label}</s-text>
          <s-text type="strong">{value}</s-text>
        </s-stack>
      ))}
    </s-stack>
  );
}
