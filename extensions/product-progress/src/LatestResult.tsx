import type { GenerationView } from '../../../src/app-api/contract.ts';
import type { ShopClock } from '../../../src/app-api/shop-time.ts';
import { t } from '../../shared/i18n.ts';
import { shopTime } from '../../shared/shop-clock.ts';
import { kindLabel } from './kind-label.ts';

/** When the result went on the product: its last `published` transition. */
function publishedAt(generation: GenerationView): string {
  const published = [...generation.transitions]
    .reverse()
    .find(({ state }) => state === 'published');
  return published?.at ?? generation.updatedAt;
}

/** The newest result on the product: its picture (a video has none here), what and when. */
export function LatestResult({
  generation,
  clock,
}: {
  generation: GenerationView;
  clock: ShopClock;
}) {
  const kind = kindLabel(generation.kind);
  // On the shop's clock, as the app's Activity shows it.
  const date = shopTime(publishedAt(generation), clock);
  const image = generation.result?.mediaType === 'image' ? generation.result.previewUrl : null;
  return (
    <s-stack direction="inline" gap="base" alignItems="center">
      {image !== null && (
        <s-thumbnail src={image} alt={t('block.latestAlt', { kind })} size="base" />
      )}
      <s-stack direction="block" gap="small-400">
        <s-text type="strong">{t('block.latest')}</s-text>
        <s-text color="subdued">{t('block.latestAt', { kind, date })}</s-text>
      </s-stack>
    </s-stack>
  );
}
