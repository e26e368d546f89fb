import { Button } from '@shopify/polaris';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { useAction } from '../api/useAction.ts';
import type { GenerationView, SettingsView } from '../shared/contract.ts';
import { t } from '../i18n/index.ts';

/** A photo result the merchant likes can become the shop's style image (Settings → Shop style). */
export function canUseAsStyle(generation: GenerationView): boolean {
  return (
    generation.kind !== 'video' &&
    generation.result !== null &&
    (generation.state === 'in_review' || generation.state === 'published')
  );
}

/**
 * "Use as shop style": the outcome is a toast either way (in a row of buttons or a modal's
 * footer there is no room for a banner).
 */
export function useUseAsStyle() {
  const action = useAction((generationId: string) =>
    api.post<SettingsView>('/settings/style/reference/from-generation', { generationId }),
  );
  useEffect(() => {
    if (action.error) shopify.toast.show(action.error.message, { isError: true });
  }, [action.error]);
  return {
    pending: action.pending,
    async use(generation: GenerationView) {
      if (await action.run(generation.id)) shopify.toast.show(t('actions.usedAsStyle'));
    },
  };
}

export function UseAsStyleButton({ generation }: { generation: GenerationView }) {
  const style = useUseAsStyle();
  return (
    <Button
      onClick={() => void style.use(generation)}
      loading={style.pending}
      accessibilityLabel={`${t('actions.useAsStyle')}: ${generation.product.title}`}
    >
      {t('actions.useAsStyle')}
    </Button>
  );
}
