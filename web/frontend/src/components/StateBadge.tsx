import { Badge, type BadgeProps } from '@shopify/polaris';
import { t, type MessageKey } from '../i18n/index.ts';
import { STATE_INFO, stateLabel } from '../lib/generation-states.ts';
import type { GenerationState } from '../shared/contract.ts';

/** Read out before the state's name: the icon's meaning, without repeating the name. */
const PROGRESS_WORDS: Readonly<Record<NonNullable<BadgeProps['progress']>, MessageKey>> = {
  incomplete: 'states.progress.incomplete',
  partiallyComplete: 'states.progress.partiallyComplete',
  complete: 'states.progress.complete',
};

export function StateBadge({ state }: { state: GenerationState }) {
  const info = STATE_INFO[state];
  return (
    <Badge
      tone={info.tone}
      progress={info.progress}
      toneAndProgressLabelOverride={t(PROGRESS_WORDS[info.progress])}
    >
      {stateLabel(state)}
    </Badge>
  );
}
