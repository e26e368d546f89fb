import { useEffect } from 'react';
import { useResource } from '../../api/useResource.ts';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useLocation } from '../../router/location.ts';
import type { SettingsView } from '../../shared/contract.ts';
import { followGeneration, rememberedGeneration } from './followed-generation.ts';
import { GenerateForm } from './GenerateForm.tsx';
import { t } from '../../i18n/index.ts';

/**
 * `/generate?productId=gid://shopify/Product/1` opens with that product chosen;
 * `&generation=<id>` with that generation's progress and result (followed-generation.ts).
 */
export default function GeneratePage() {
  const { params } = useLocation();
  const generationId = params.get('generation');
  const fresh = generationId === null && params.get('productId') === null;
  // Back through the menu: the generation this tab last followed, unless the merchant closed it.
  useEffect(() => {
    const remembered = fresh ? rememberedGeneration() : null;
    if (remembered) followGeneration(remembered);
  }, [fresh]);
  const settings = useResource<SettingsView>('/settings');
  if (settings.loading) return <PageSkeleton title={t('nav.generate')} cards={3} />;
  if (!settings.data) {
    return (
      <LoadFailedPage title={t('nav.generate')} error={settings.error} onRetry={settings.reload} />
    );
  }
  return (
    <GenerateForm
      settings={settings.data}
      onSettingsChange={settings.replace}
      initialProductId={params.get('productId')}
      generationId={generationId}
    />
  );
}
