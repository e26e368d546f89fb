import { t } from '../../shared/i18n.ts';

/**
 * The contract's MAX_CANDIDATES, written out: importing it would bring zod into the bundle (the
 * server refuses more anyway, with a message the form shows).
 */
const CHOICES = [1, 2, 3, 4];

/** "Results": each its own ProductAI request; several wait in the app to be chosen among. */
export function ResultsSelect(props: { value: number; onChange: (options: number) => void }) {
  return (
    <s-select
      label={t('results.label')}
      name="options"
      value={String(props.value)}
      details={t(props.value > 1 ? 'results.helpSeveral' : 'results.helpOne')}
      onChange={(event) => props.onChange(Number(event.currentTarget.value))}
    >
      {CHOICES.map((count) => (
        <s-option key={count} value={String(count)}>
          {t('results.option', { count })}
        </s-option>
      ))}
    </s-select>
  );
}
