/**
 * The product page action: choose which of the product's images to send, the model (the shop's
 * default first), a preset or a prompt, how many results to choose among; see the cost and the
 * ProductAI requests (×N with several results); submit. The generation then runs in the app, and
 * the confirmation links to its Activity page (or, with several results, to where they wait to be
 * chosen among). For a product sold in colours it offers one photo for each colour instead
 * (VariantSetChoice), from the same estimate the app's Generate page asks for.
 */
import { useState } from 'preact/hooks';
import type {
  CreatedGeneration,
  ProductDetail,
  SettingsView,
} from '../../../src/app-api/contract.ts';
import type { ShopClock } from '../../../src/app-api/shop-time.ts';
import {
  IMAGE_MODELS,
  estimateCredits,
  type ImageModelId,
} from '../../../src/productai/catalogue.ts';
import { appApi } from '../../shared/app-api.ts';
import { DeadEnd } from '../../shared/DeadEnd.tsx';
import { ErrorBanner, fieldError } from '../../shared/errors.tsx';
import { Facts } from '../../shared/Facts.tsx';
import { credits, t } from '../../shared/i18n.ts';
import { LoadingOrFailed } from '../../shared/LoadingOrFailed.tsx';
import { initialModel } from '../../../src/app-api/models.ts';
import { PromptFields } from '../../shared/PromptFields.tsx';
import { canSubmit, ShopStatusBanner } from '../../shared/ShopStatusBanner.tsx';
import { loadShopClock } from '../../shared/shop-clock.ts';
import { useLoad } from '../../shared/use-load.ts';
import { GenerationStarted } from './GenerationStarted.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { ResultsSelect } from './ResultsSelect.tsx';
import { VariantSetChoice } from './VariantSetChoice.tsx';

export function GeneratePhotoAction({ productId }: { productId: string | undefined }) {
  if (productId === undefined) {
    return (
      <DeadEnd heading={t('product.heading')}>
        <s-banner tone="critical" heading={t('product.noProduct')} />
      </DeadEnd>
    );
  }
  return <GeneratePhotoLoader productId={productId} />;
}

function GeneratePhotoLoader({ productId }: { productId: string }) {
  const loaded = useLoad(
    // The shop's clock beside them: a generation's steps say until when it waits on it.
    () => Promise.all([appApi.settings(), appApi.product(productId), loadShopClock()]),
    [productId],
  );
  if (loaded.state !== 'ready') {
    return <LoadingOrFailed heading={t('product.heading')} loaded={loaded} />;
  }
  const [settings, product, clock] = loaded.value;
  return <GeneratePhotoForm settings={settings} product={product} clock={clock} />;
}

function GeneratePhotoForm({
  settings,
  product,
  clock,
}: {
  settings: SettingsView;
  product: ProductDetail;
  clock: ShopClock;
}) {
  const [model, setModel] = useState(() => initialModel(settings, product.images.length > 0));
  const [prompt, setPrompt] = useState(settings.presets[0]?.prompt ?? '');
  // The featured image (first) is the natural reference; the merchant adds more if the model
  // takes them.
  const [imageIds, setImageIds] = useState(() => product.images.slice(0, 1).map(({ id }) => id));
  const [options, setOptions] = useState(1);
  const [showErrors, setShowErrors] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [started, setStarted] = useState<CreatedGeneration | null>(null);
  // One photo per colour: asked of the server for this product and model (a model the set cannot
  // use is refused there, and then nothing is offered); the prompt does not change the answer.
  const [eachColour, setEachColour] = useState(false);
  const setEstimate = useLoad(
    () =>
      appApi.estimateGeneration({
        productId: product.id,
        kind: 'photo',
        sourceMediaIds: [],
        eachVariant: {},
        model,
      }),
    [product.id, model],
  );
  const set = setEstimate.state === 'ready' ? setEstimate.value.variants : undefined;
  const asSet = eachColour && set !== undefined;
  // A set makes one result for each colour, never several to choose among.
  const several = !asSet && options > 1;

  if (started) {
    return (
      <GenerationStarted
        generation={started}
        options={options}
        reviewMode={settings.reviewMode}
        productTitle={product.title}
        clock={clock}
      />
    );
  }

  const spec = IMAGE_MODELS[model];
  const cost = estimateCredits('image', { model, prompt });
  // A set is priced per colour made: a skipped one costs nothing.
  const made = asSet ? set.values.filter((value) => value.skipped === null).length : 0;
  const promptMissing = prompt.trim() === '';
  const imagesMissing = !asSet && spec.requiresImage && imageIds.length === 0;

  const changeModel = (next: ImageModelId) => {
    setModel(next);
    setImageIds((ids) => ids.slice(0, IMAGE_MODELS[next].maxReferenceImages));
  };
  const submit = async () => {
    setShowErrors(true);
    if (!canSubmit(settings) || promptMissing || imagesMissing) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      setStarted(
        await appApi.createGeneration({
          productId: product.id,
          kind: 'photo',
          model,
          prompt: prompt.trim(),
          ...(asSet
            ? { sourceMediaIds: [], eachVariant: {} }
            : { sourceMediaIds: imageIds, ...(several ? { options } : {}) }),
        }),
      );
    } catch (error) {
      setSubmitError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <s-admin-action heading={t('product.heading')}>
      <s-stack direction="block" gap="base">
        <ShopStatusBanner settings={settings} />
        {submitError !== null && <ErrorBanner error={submitError} />}
        <s-paragraph>{t('product.intro', { title: product.title })}</s-paragraph>
        {set !== undefined && (
          <VariantSetChoice set={set} chosen={asSet} onChange={setEachColour} />
        )}
        {!asSet && (
          <ImagePicker
            images={product.images}
            selected={imageIds}
            max={spec.maxReferenceImages}
            onChange={setImageIds}
            error={
              (showErrors && imagesMissing ? t('images.required') : undefined) ??
              fieldError(submitError, 'sourceMediaIds')
            }
          />
        )}
        <PromptFields
          presets={settings.presets}
          model={model}
          onModelChange={changeModel}
          styleImage={settings.style.reference !== null}
          prompt={prompt}
          onPromptChange={setPrompt}
          modelError={fieldError(submitError, 'model')}
          promptError={
            (showErrors && promptMissing ? t('fields.promptRequired') : undefined) ??
            fieldError(submitError, 'prompt')
          }
        />
        {!asSet && <ResultsSelect value={options} onChange={setOptions} />}
        <Facts
          rows={[
            [t('product.cost'), credits(cost * (asSet ? made : options))],
            // Several results always wait to be chosen among; one follows the shop's setting.
            [
              t('product.resultGoes'),
              t(
                several
                  ? 'product.resultChoose'
                  : settings.reviewMode
                    ? 'product.resultReview'
                    : 'product.resultPublish',
              ),
            ],
            // Each result is its own request: charged, and one of ProductAI's requests a minute.
            ...(several
              ? ([
                  [t('product.perResult'), credits(cost)],
                  [t('product.requests'), String(options)],
                ] as const)
              : []),
          ]}
        />
        {asSet && (
          <s-paragraph color="subdued">
            {t('variants.perValue', {
              count: made,
              each: credits(cost),
              option: set.option.toLowerCase(),
            })}
          </s-paragraph>
        )}
      </s-stack>
      <s-button
        slot="primary-action"
        variant="primary"
        disabled={!canSubmit(settings)}
        loading={submitting}
        onClick={() => void submit()}
      >
        {t('product.generate')}
      </s-button>
      <s-button slot="secondary-actions" onClick={() => shopify.close()}>
        {t('actions.cancel')}
      </s-button>
    </s-admin-action>
  );
}
