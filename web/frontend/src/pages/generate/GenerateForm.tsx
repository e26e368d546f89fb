import { Banner, BlockStack, Card, Layout, Page } from '@shopify/polaris';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../shared/idempotency-key.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { PausedBanner } from '../../components/PausedBanner.tsx';
import { GenerationOptions } from '../../components/generation-options/GenerationOptions.tsx';
import { initialDraft, type Draft } from '../../components/generation-options/draft.ts';
import { WithoutShopStyle } from '../../components/generation-options/WithoutShopStyle.tsx';
import { acceptedOptions } from '../../shared/models.ts';
import { setQueryParam } from '../../router/location.ts';
import type {
  CreateGenerationRequest,
  CreatedGeneration,
  GenerationView,
  ProductDetail,
  SettingsView,
} from '../../shared/contract.ts';
import { CostCard } from './CostCard.tsx';
import { followGeneration } from './followed-generation.ts';
import { FollowedGeneration } from './FollowedGeneration.tsx';
import { ProductCard } from './ProductCard.tsx';
import { SourceImagesCard } from './SourceImagesCard.tsx';
import { VariantSetCard } from './VariantSetCard.tsx';
import { blockers } from './blockers.ts';
import { keepDraft, keptDraft } from './kept-draft.ts';
import { shopDomain } from '../../lib/shop.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  settings: SettingsView;
  onSettingsChange: (settings: SettingsView) => void;
  initialProductId: string | null;
  /** The generation whose progress the page shows (from the URL). */
  generationId: string | null;
}

export function GenerateForm({
  settings,
  onSettingsChange,
  initialProductId,
  generationId,
}: Props) {
  const [productId, setProductId] = useState(initialProductId);
  const shop = shopDomain();
  // What the merchant set before a reload, kept for the tab's session (kept-draft.ts).
  const [kept] = useState(() => keptDraft(shop, settings.defaults));
  const [imageIds, setImageIds] = useState<string[]>([]);
  const [draft, setDraft] = useState<Draft>(() => kept?.draft ?? initialDraft(settings.defaults));
  const [askedCandidates, setCandidates] = useState(kept?.options ?? 1);
  // One photo per colour (a set made per variant): each colour's own image is its source.
  const [eachColour, setEachColour] = useState(kept?.eachColour ?? false);
  // Sent as written, without the shop style (this request only).
  const [withoutStyle, setWithoutStyle] = useState(kept?.withoutStyle ?? false);
  const [created, setCreated] = useState<GenerationView | null>(null);
  const product = useResource<ProductDetail>(
    productId ? `/products/${encodeURIComponent(productId)}` : null,
  );
  // One key per click: a click whose answer was lost makes one generation (server: 24 h).
  const submit = useAction((request: CreateGenerationRequest) =>
    api.post<CreatedGeneration>('/generations', request, {
      idempotencyKey: newIdempotencyKey(),
    }),
  );
  const limits = useMemo(
    () => acceptedOptions(draft.kind, draft.params.model).images,
    [draft.kind, draft.params.model],
  );
  // The same functions from render to render: the product, images and progress cards are
  // memoized, and a switch of kind or model (which renders the form again) leaves them be.
  const chooseProduct = useCallback((id: string) => {
    setProductId(id);
    setQueryParam('productId', id);
  }, []);
  const stopFollowing = useCallback(() => followGeneration(null), []);
  const followReplacement = useCallback(
    (view: GenerationView) => followGeneration(view.id, view.product.id),
    [],
  );
  // An upscale has one result (CostCard offers no choice): what was asked for a photo stays.
  const asSet = eachColour && draft.kind === 'photo';
  // A set takes options too: each colour gets its own, chosen in review (the picker per variant).
  const options = acceptedOptions(draft.kind, draft.params.model).resultsToChoose
    ? askedCandidates
    : 1;

  // A newly loaded product starts with the images kept for it before a reload, else its first
  // image (most models use one image).
  const images = product.data?.images;
  const firstImageId = images?.[0]?.id;
  useEffect(() => {
    const known = images ?? [];
    const before = keptDraft(shop, settings.defaults)?.images;
    const ids =
      before && before.productId === productId
        ? before.ids.filter((id) => known.some((image) => image.id === id))
        : [];
    setImageIds(ids.length > 0 ? ids : firstImageId ? [firstImageId] : []);
    // Only when another product's images arrive: a choice within them is the merchant's.
  }, [firstImageId]);
  // Another product starts with one photo for the product, not a set (the first one shown keeps
  // what was kept for it).
  const shownProduct = useRef(productId);
  useEffect(() => {
    if (shownProduct.current === productId) return;
    shownProduct.current = productId;
    setEachColour(false);
  }, [productId]);
  // Kept as it changes; the images only once they are the shown product's own (while another
  // product's images load, the kept choice stays as it was).
  useEffect(() => {
    const own =
      productId !== null &&
      imageIds.length > 0 &&
      imageIds.every((id) => images?.some((image) => image.id === id));
    keepDraft(shop, {
      draft,
      options: askedCandidates,
      eachColour,
      withoutStyle,
      images: own
        ? { productId, ids: imageIds }
        : (keptDraft(shop, settings.defaults)?.images ?? null),
    });
  }, [
    shop,
    draft,
    askedCandidates,
    eachColour,
    withoutStyle,
    productId,
    imageIds,
    images,
    settings,
  ]);

  // A model taking fewer images keeps the first ones chosen.
  useEffect(() => {
    setImageIds((ids) => (ids.length > limits.max ? ids.slice(0, limits.max) : ids));
  }, [limits.max]);

  const params = { ...draft.params, ...(withoutStyle ? { style: 'none' as const } : {}) };
  const request: CreateGenerationRequest | null = !productId
    ? null
    : asSet
      ? {
          productId,
          kind: draft.kind,
          sourceMediaIds: [],
          eachVariant: {},
          options,
          ...params,
        }
      : { productId, kind: draft.kind, sourceMediaIds: imageIds, options, ...params };
  // A set sends each colour's own image: one per request.
  const imageCount = asSet ? 1 : imageIds.length;
  const reasons = blockers({ settings, productId, imageCount, draft });

  const onSubmit = async () => {
    if (!request) return;
    const view = await submit.run(request);
    if (view) {
      const count = view.variantSet?.generationIds.length ?? options;
      shopify.toast.show(t('generate.started', { count }));
      setCreated(view);
      followGeneration(view.id, view.product.id);
    }
  };

  return (
    <Page title={t('nav.generate')} subtitle={t('generate.subtitle')}>
      <Layout>
        {settings.paused ? (
          <Layout.Section>
            <PausedBanner paused={settings.paused} onResumed={onSettingsChange} />
          </Layout.Section>
        ) : null}
        {settings.apiKey.state !== 'valid' ? (
          <Layout.Section>
            <Banner
              tone="warning"
              title={t('generate.keyFirst')}
              action={{ content: t('generate.goToSettings'), url: '/settings' }}
            >
              <p>{t('generate.keyWhy')}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            <ProductCard product={product} onChoose={chooseProduct} />
            <Card>
              <BlockStack gap="400">
                <GenerationOptions
                  draft={draft}
                  onChange={setDraft}
                  defaults={settings.defaults}
                  presets={settings.presets}
                  promptError={submit.error?.fields.prompt}
                  styleImage={settings.style.reference !== null}
                />
                <WithoutShopStyle
                  style={settings.style}
                  kind={draft.kind}
                  checked={withoutStyle}
                  onChange={setWithoutStyle}
                />
              </BlockStack>
            </Card>
            {/* The product's images, then its colours (loaded after), arrive once it is picked:
                below the options, where they push nothing (above them they moved the options
                down, CLS 0.11 a pick). */}
            {product.data && !asSet ? (
              <SourceImagesCard
                images={product.data.images}
                chosen={imageIds}
                onChange={setImageIds}
                limits={limits}
              />
            ) : null}
            {productId && product.data ? (
              <VariantSetCard
                productId={productId}
                draft={draft}
                chosen={asSet}
                onChange={setEachColour}
              />
            ) : null}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <CostCard
              draft={draft}
              options={options}
              onCandidatesChange={setCandidates}
              request={request}
              reasons={reasons}
              submitting={submit.pending}
              onSubmit={onSubmit}
              images={product.data?.images ?? []}
            />
            {submit.error ? (
              <ErrorBanner
                title={t('generate.notStarted')}
                error={submit.error}
                onDismiss={submit.clearError}
              />
            ) : null}
            {/* Under the button that started it, last in its column: the progress card appears and
                grows with the result without moving the form (above the form it pushed it down,
                CLS 0.54 a generation). */}
            {generationId ? (
              <FollowedGeneration
                key={generationId}
                id={generationId}
                created={created?.id === generationId ? created : null}
                onDone={stopFollowing}
                onReplaced={followReplacement}
              />
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
