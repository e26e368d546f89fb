import { Button } from '@shopify/polaris';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { useAction } from '../api/useAction.ts';
import type { GenerationView, SettingsView } from '../shared/contract.ts';
import { t } from '../i18n/index.ts';

/** A photo result the merchant likes: make it the shop's style image (Settings → Style). */
export function canUseAsStyle(generation: GenerationView): boolean {
  return (
    generation.kind !== 'video' &&
    generation.result !== null &&
    (generation.state === 'in_review' || generation.state === 'published')
  );
}

export function UseAsStyleButton({
  generation,
  size,
}: {
  generation: GenerationView;
  size: 'slim' | 'medium';
}) {
  const use = useAction(() =>
    api.post<SettingsView>('/settings/style/reference/from-generation', {
      generationId: generation.id,
    }),
  );
  // In a row of buttons there is no room for a banner: the outcome is a toast either way.
  const onClick = async () => {
    if (await use.run()) shopify.toast.show(t('actions.usedAsStyle'));
  };
  useEffect(() => {
    if (use.error) shopify.toast.show(use.error.message, { isError: true });
  }, [use.error]);
  return (
    <Button
      size={size}
      onClick={onClick}
      loading={use.pending}
      accessibilityLabel={`${t('actions.useAsStyle')}: ${generation.product.title}`}
    >
      {t('actions.useAsStyle')}
    </Button>
  );
}
