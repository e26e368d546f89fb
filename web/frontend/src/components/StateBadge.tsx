import { Badge, type BadgeProps } from '@shopify/polaris';
import { STATE_INFO } from '../lib/generation-states.ts';
import type { GenerationState } from '../shared/contract.ts';

/** Read out before the state's name: the icon's meaning, without repeating the name. */
const PROGRESS_WORDS: Readonly<Record<NonNullable<BadgeProps['progress']>, string>> = {
  incomplete: 'Not started:',
  partiallyComplete: 'In progress:',
  complete: 'Finished:',
};

export function StateBadge({ state }: { state: GenerationState }) {
  const info = STATE_INFO[state];
  return (
    <Badge
      tone={info.tone}
      progress={info.progress}
      toneAndProgressLabelOverride={PROGRESS_WORDS[info.progress]}
    >
      {info.label}
    </Badge>
  );
}
