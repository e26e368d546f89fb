import { Divider } from '@shopify/polaris';
import { memo } from 'react';
import { GenerationOptions } from '../../components/generation-options/GenerationOptions.tsx';
import type { Draft } from '../../components/generation-options/draft.ts';
import type { SettingsView } from '../../shared/contract.ts';
import { TargetPicker, type ChosenTarget } from './TargetPicker.tsx';

interface Props {
  chosen: ChosenTarget | null;
  onChoose: (chosen: ChosenTarget | null) => void;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  settings: Pick<SettingsView, 'defaults' | 'presets' | 'style'>;
}

/**
 * What a bulk run (alone or a campaign's) makes, and for which products. Memoized (its handlers
 * are state setters): starting the run renders the card's button and estimate, not the pickers.
 */
export const TargetAndOptions = memo(function TargetAndOptions({
  chosen,
  onChoose,
  draft,
  onDraft,
  settings,
}: Props) {
  return (
    <>
      <TargetPicker chosen={chosen} onChange={onChoose} />
      <Divider />
      <GenerationOptions
        draft={draft}
        onChange={onDraft}
        defaults={settings.defaults}
        presets={settings.presets}
        styleImage={settings.style.reference !== null}
      />
    </>
  );
});
