/**
 * The product page block: this product's ProductAI work as it happens (each step, work waiting
 * for the merchant's review, failures with their reason) and the latest result on the product,
 * read again while work moves (use-product-generations.ts). It closes the gap the product
 * action leaves: once its modal is closed, the page itself follows the photo until it is there.
 */
import type { ComponentChildren } from 'preact';
import type { GenerationView } from '../../../src/app-api/contract.ts';
import { useState } from 'preact/hooks';
import { isTestable, resultsOfOneClick } from '../../../src/app-api/experiment-arms.ts';
import { appLinks } from '../../shared/app-links.ts';
import { ErrorBanner } from '../../shared/errors.tsx';
import { isMoving } from '../../shared/generation-progress.ts';
import { t } from '../../shared/i18n.ts';
import { loadShopClock } from '../../shared/shop-clock.ts';
import { useLoad } from '../../shared/use-load.ts';
import { CurrentWork } from './CurrentWork.tsx';
import { LatestResult } from './LatestResult.tsx';
import { productProgress, type ProductProgress } from './product-progress.ts';
import { StartExperiment } from './StartExperiment.tsx';
import { useProductGenerations } from './use-product-generations.ts';

/** The admin shows a block 300 px high at first ("Show more" beyond): 3 entries fit in it. */
const SHOWN = 3;

function Block(props: { summary?: string | undefined; children: ComponentChildren }) {
  return (
    <s-admin-block heading={t('block.heading')} collapsedSummary={props.summary}>
      {props.children}
    </s-admin-block>
  );
}

export function ProductProgressBlock({ productId }: { productId: string | undefined }) {
  if (productId === undefined) {
    return (
      <Block>
        <s-banner tone="critical" heading={t('block.noProduct')} />
      </Block>
    );
  }
  return <ProductProgressLoader productId={productId} />;
}

function ProductProgressLoader({ productId }: { productId: string }) {
  const loaded = useProductGenerations(productId);
  // Asked beside the first read; it never fails (the merchant's clock, labelled, instead).
  const clock = useLoad(loadShopClock, []);
  // The start form, in place of the block's list while open, for the photo it was opened on:
  // the reads go on beneath it, and a newer result arriving meanwhile does not change its arms.
  const [startingFor, setStartingFor] = useState<GenerationView | null>(null);
  if (loaded.state === 'loading' || clock.state !== 'ready') {
    return (
      <Block>
        <s-spinner accessibilityLabel={t('block.loading')} size="base" />
      </Block>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <Block>
        <ErrorBanner error={loaded.error} />
      </Block>
    );
  }
  const { current, latest } = productProgress(loaded.value);
  const title = loaded.value[0]?.product.title;
  const hidden = current.length - SHOWN;
  if (startingFor !== null) {
    return (
      <Block summary={summary(current)}>
        <StartExperiment
          productId={productId}
          results={resultsOfOneClick(startingFor, loaded.value)}
          latestId={startingFor.id}
          onClose={() => setStartingFor(null)}
        />
      </Block>
    );
  }
  return (
    <Block summary={summary(current)}>
      <s-stack direction="block" gap="base">
        {current.length === 0 && latest === null && <s-paragraph>{t('block.empty')}</s-paragraph>}
        {current.length > 0 && (
          <CurrentWork entries={current.slice(0, SHOWN)} clock={clock.value} />
        )}
        {latest && <LatestResult generation={latest} clock={clock.value} />}
        {latest !== null && isTestable(latest) && (
          <s-stack direction="inline">
            <s-button onClick={() => setStartingFor(latest)}>
              {t('block.experiment.start')}
            </s-button>
          </s-stack>
        )}
        {title !== undefined && (
          <s-link href={appLinks.productActivity(productId, title)}>
            {hidden > 0 ? t('block.seeMore', { count: hidden }) : t('block.seeAll')}
          </s-link>
        )}
      </s-stack>
    </Block>
  );
}

/** The collapsed block's one line (at most 30 characters): what needs an eye first. */
function summary(current: ProductProgress['current']): string | undefined {
  const count = (matches: (entry: ProductProgress['current'][number]) => boolean) =>
    current.filter(matches).length;
  const moving = count(({ generation }) => isMoving(generation.state));
  if (moving > 0) return t('block.summaryMoving', { count: moving });
  const review = count(({ generation }) => generation.state === 'in_review');
  if (review > 0) return t('block.summaryReview', { count: review });
  const failed = count(({ generation }) => generation.state === 'failed');
  return failed > 0 ? t('block.summaryFailed', { count: failed }) : undefined;
}
