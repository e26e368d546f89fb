import { useState } from 'preact/hooks';
import { aboutDuration } from '../../../src/app-api/about-duration.ts';
import type {
  BulkEstimate,
  BulkRunTarget,
  CreateBulkRunRequest,
  SettingsView,
} from '../../../src/app-api/contract.ts';
import type { ImageModelId } from '../../../src/productai/catalogue.ts';
import { appApi } from '../app-api.ts';
import { BudgetField, parseBudget } from '../BudgetField.tsx';
import { problemTexts } from '../coded-text.ts';
import { ErrorBanner } from '../errors.tsx';
import { Facts } from '../Facts.tsx';
import { credits, t } from '../i18n.ts';
import { PromptFields } from '../PromptFields.tsx';
import { canSubmit, ShopStatusBanner } from '../ShopStatusBanner.tsx';
import { promptLength } from '../prompt-length.ts';
import { useLoad, type Loaded } from '../use-load.ts';
import { useSettled } from '../use-settled.ts';

/** What the merchant is choosing; `budget` is the field's text (empty for no budget). */
export interface BulkRunDraft {
  model: ImageModelId;
  prompt: string;
  budget: string;
  /** Make again the products that already have a result with these options. */
  includeDone: boolean;
  /** One photo for each colour of a product whose colour variants have their own images. */
  eachColour: boolean;
}

/**
 * Typing a prompt or a budget asks for a new estimate once the typing pauses: the prompt decides
 * what is already done, the budget what is made and when the run finishes.
 */
const SETTLE_MS = 500;

/**
 * The request the draft stands for: the run's target and options, and its budget when the field
 * holds a valid one. The estimate is asked with exactly this, and the run started with it.
 */
export function bulkRunRequest(
  target: BulkRunTarget,
  draft: Pick<BulkRunDraft, 'model' | 'prompt' | 'budget' | 'includeDone' | 'eachColour'>,
  perProduct?: number,
): CreateBulkRunRequest {
  const prompt = draft.prompt.trim();
  const budget = parseBudget(draft.budget, perProduct);
  return {
    target,
    kind: 'photo',
    model: draft.model,
    ...(prompt ? { prompt } : {}),
    includeDone: draft.includeDone,
    ...(draft.eachColour ? { eachVariant: {} } : {}),
    ...(budget.valid && budget.credits !== undefined ? { creditBudget: budget.credits } : {}),
  };
}

interface BulkRunFormProps {
  target: BulkRunTarget;
  title: string;
  settings: SettingsView;
  draft: BulkRunDraft;
  onDraftChange: (draft: BulkRunDraft) => void;
  onReview: (estimate: BulkEstimate) => void;
}

export function BulkRunForm(props: BulkRunFormProps) {
  const { target, title, settings, draft } = props;
  // One product's cost, from the last estimate (it does not depend on the budget).
  const [perProduct, setPerProduct] = useState<number | undefined>(undefined);
  // The server counts the products (a collection's membership lives in Shopify), which of them
  // the options cannot serve or already served (the prompt is one of the options), what the
  // budget leaves out, the price and the finish time: every figure the form and the confirmation
  // show comes from this one estimate, asked again whenever one of them would change.
  const settled = useSettled(JSON.stringify(bulkRunRequest(target, draft, perProduct)), SETTLE_MS);
  const loaded = useLoad(
    async () => ({
      request: settled,
      estimate: await appApi.estimateBulkRun(JSON.parse(settled) as CreateBulkRunRequest),
    }),
    [settled],
  );
  const estimate: Loaded<BulkEstimate> =
    loaded.state === 'ready' ? { state: 'ready', value: loaded.value.estimate } : loaded;
  if (estimate.state === 'ready' && estimate.value.creditsPerProduct !== perProduct) {
    setPerProduct(estimate.value.creditsPerProduct);
  }
  // An estimate of what the merchant typed a moment ago is not one to confirm.
  const current =
    loaded.state === 'ready' &&
    loaded.value.request === JSON.stringify(bulkRunRequest(target, draft, perProduct));
  const [showErrors, setShowErrors] = useState(false);
  const change = (patch: Partial<BulkRunDraft>) => props.onDraftChange({ ...draft, ...patch });

  const promptMissing = draft.prompt.trim() === '';
  const ready =
    canSubmit(settings) &&
    estimate.state === 'ready' &&
    current &&
    estimate.value.toProcess > 0 &&
    promptLength(draft.prompt).error === undefined;
  const review = () => {
    setShowErrors(true);
    if (!ready || promptMissing || !parseBudget(draft.budget, perProduct).valid) return;
    props.onReview(estimate.value);
  };

  return (
    <s-admin-action heading={t('bulk.heading')}>
      <s-stack direction="block" gap="base">
        <ShopStatusBanner settings={settings} />
        <s-paragraph>{introOf(target, title, 'bulk')}</s-paragraph>
        <PromptFields
          presets={settings.presets}
          model={draft.model}
          onModelChange={(model) => change({ model })}
          styleImage={settings.style.reference !== null}
          prompt={draft.prompt}
          onPromptChange={(prompt) => change({ prompt })}
          promptError={showErrors && promptMissing ? t('fields.promptRequired') : undefined}
        />
        <s-checkbox
          name="eachVariant"
          label={t('bulk.eachVariant')}
          details={t('bulk.eachVariantHelp')}
          checked={draft.eachColour}
          onChange={(event) => change({ eachColour: event.currentTarget.checked })}
        />
        <s-checkbox
          name="includeDone"
          label={t('bulk.includeDone')}
          details={t('bulk.includeDoneHelp')}
          checked={draft.includeDone}
          onChange={(event) => change({ includeDone: event.currentTarget.checked })}
        />
        <EstimateSummary estimate={estimate} />
        <BudgetField
          value={draft.budget}
          perProduct={perProduct}
          onInput={(budget) => change({ budget })}
        />
      </s-stack>
      <s-button slot="primary-action" variant="primary" disabled={!ready} onClick={review}>
        {t('bulk.review')}
      </s-button>
      <s-button slot="secondary-actions" onClick={() => shopify.close()}>
        {t('actions.cancel')}
      </s-button>
    </s-admin-action>
  );
}

function EstimateSummary({ estimate }: { estimate: Loaded<BulkEstimate> }) {
  if (estimate.state === 'loading') {
    return (
      <s-stack direction="inline" gap="small-200" alignItems="center">
        <s-spinner accessibilityLabel={t('bulk.estimating')} size="base" />
        <s-text>{t('bulk.estimating')}</s-text>
      </s-stack>
    );
  }
  if (estimate.state === 'failed') return <ErrorBanner error={estimate.error} />;
  const { productCount, creditsPerProduct, estimatedCredits } = estimate.value;
  const problems = problemTexts(estimate.value);
  return (
    <s-stack direction="block" gap="small-200">
      <s-section heading={t('bulk.estimateHeading')}>
        <s-stack direction="block" gap="small-200">
          <Facts
            rows={[
              ...estimateRows(estimate.value),
              [perLabel(estimate.value), credits(creditsPerProduct)],
              [t('bulk.estimatedTotal'), credits(estimatedCredits)],
            ]}
          />
          <PerColour estimate={estimate.value} />
          {estimate.value.checkedCount < productCount && (
            <s-paragraph color="subdued">
              {t('bulk.checkedPart', {
                checked: shopify.i18n.formatNumber(estimate.value.checkedCount),
              })}
            </s-paragraph>
          )}
          <ScheduleNote estimate={estimate.value} />
        </s-stack>
      </s-section>
      {productCount === 0 && (
        <s-banner tone="warning" heading={t('bulk.noProducts')}>
          {t('bulk.noProductsHelp')}
        </s-banner>
      )}
      {problems.length > 0 && (
        <s-banner tone="warning" heading={t('bulk.problems')}>
          <s-unordered-list>
            {problems.map((problem) => (
              <s-list-item key={problem}>{problem}</s-list-item>
            ))}
          </s-unordered-list>
        </s-banner>
      )}
    </s-stack>
  );
}

/**
 * What the run makes, for its target: "for each product in Summer mugs" for a collection; for a
 * selection, a sentence of its own per count ("for each of the 2 selected products", "for the
 * selected product"), never "for each product in 2 selected products".
 */
export function introOf(target: BulkRunTarget, title: string, step: 'bulk' | 'review'): string {
  const selected = target.type === 'products';
  const count = selected ? target.productIds.length : 0;
  if (step === 'review') {
    return t(selected ? 'review.introSelected' : 'review.intro', { title, count });
  }
  return t(selected ? 'bulk.introSelected' : 'bulk.intro', { title, count });
}

/** Products, then what happens to them: made, skipped for want of an image, already done. */
export function estimateRows(estimate: BulkEstimate): [string, string][] {
  const count = (value: number) => shopify.i18n.formatNumber(value);
  return [
    [t('bulk.products'), count(estimate.productCount)],
    [t('bulk.toProcess'), count(estimate.toProcess)],
    ...(estimate.unprocessable > 0
      ? [[t('bulk.unprocessable'), count(estimate.unprocessable)] as [string, string]]
      : []),
    ...(estimate.alreadyDone > 0 && !estimate.includeDone
      ? [[t('bulk.alreadyDone'), count(estimate.alreadyDone)] as [string, string]]
      : []),
  ];
}

/** With one photo per colour the price is per photo: a product makes as many as its colours. */
export function perLabel(estimate: BulkEstimate): string {
  return t(estimate.variantSets ? 'bulk.perPhoto' : 'bulk.perProduct');
}

/** A run of one photo per colour: "8 colors × 5 credits (3 products in colors)", and the rest. */
export function PerColour({ estimate }: { estimate: BulkEstimate }) {
  const sets = estimate.variantSets;
  if (!sets) return null;
  const each = credits(estimate.creditsPerProduct);
  const products = (count: number) =>
    t('bulk.productCount', { count, amount: shopify.i18n.formatNumber(count) });
  return (
    <s-stack direction="block" gap="small-400">
      {sets.products > 0 && (
        <s-paragraph>
          {t('bulk.perColour', {
            count: sets.results,
            amount: shopify.i18n.formatNumber(sets.results),
            credits: each,
            products: products(sets.products),
          })}
        </s-paragraph>
      )}
      {sets.single > 0 && (
        <s-paragraph color="subdued">
          {t('bulk.single', { products: products(sets.single), credits: each })}
        </s-paragraph>
      )}
    </s-stack>
  );
}

/**
 * When the run should finish, and why it takes that long: the limit every store shares. From the
 * estimate made with the budget, so it counts only the products the budget leaves in.
 */
export function ScheduleNote({ estimate }: { estimate: BulkEstimate }) {
  const schedule = estimate.schedule;
  if (!schedule) return null;
  const about = aboutDuration(schedule.finishInMs);
  const duration =
    about.unit === 'minutes'
      ? t('bulk.minutes', { count: about.count })
      : t('bulk.hours', { hours: shopify.i18n.formatNumber(about.count) });
  return (
    <s-paragraph color="subdued">
      {t('bulk.finishes', { duration })}.{' '}
      {t('bulk.queueNote', {
        perMinute: shopify.i18n.formatNumber(schedule.requestsPerMinute),
        ahead: shopify.i18n.formatNumber(schedule.requestsAhead),
      })}
    </s-paragraph>
  );
}
