import { useState } from 'preact/hooks';
import type { BulkEstimate, BulkRunTarget, SettingsView } from '../../../src/app-api/contract.ts';
import type { ImageModelId } from '../../../src/productai/catalogue.ts';
import { appApi } from '../app-api.ts';
import { BudgetField, parseBudget } from '../BudgetField.tsx';
import { ErrorBanner } from '../errors.tsx';
import { Facts } from '../Facts.tsx';
import { credits, t } from '../i18n.ts';
import { PromptFields } from '../PromptFields.tsx';
import { canSubmit, ShopStatusBanner } from '../ShopStatusBanner.tsx';
import { useLoad, type Loaded } from '../use-load.ts';

/** What the merchant is choosing; `budget` is the field's text (empty for no budget). */
export interface BulkRunDraft {
  model: ImageModelId;
  prompt: string;
  budget: string;
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
  // The server counts the products (a collection's membership lives in Shopify) and prices them;
  // the prompt does not change the price, so only the model triggers a new estimate.
  const estimate = useLoad(
    () => appApi.estimateBulkRun({ target, kind: 'photo', model: draft.model }),
    [draft.model],
  );
  const [showErrors, setShowErrors] = useState(false);
  const change = (patch: Partial<BulkRunDraft>) => props.onDraftChange({ ...draft, ...patch });

  const promptMissing = draft.prompt.trim() === '';
  const ready =
    canSubmit(settings) && estimate.state === 'ready' && estimate.value.productCount > 0;
  const review = () => {
    setShowErrors(true);
    if (!ready || promptMissing || !parseBudget(draft.budget).valid) return;
    props.onReview(estimate.value);
  };

  return (
    <s-admin-action heading={t('bulk.heading')}>
      <s-stack direction="block" gap="base">
        <ShopStatusBanner settings={settings} />
        <s-paragraph>{t('bulk.intro', { title })}</s-paragraph>
        <PromptFields
          presets={settings.presets}
          model={draft.model}
          onModelChange={(model) => change({ model })}
          prompt={draft.prompt}
          onPromptChange={(prompt) => change({ prompt })}
          promptError={showErrors && promptMissing ? t('fields.promptRequired') : undefined}
        />
        <EstimateSummary estimate={estimate} />
        <BudgetField value={draft.budget} onInput={(budget) => change({ budget })} />
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
  const { productCount, creditsPerProduct, estimatedCredits, problems } = estimate.value;
  return (
    <s-stack direction="block" gap="small-200">
      <s-section heading={t('bulk.estimateHeading')}>
        <Facts
          rows={[
            [t('bulk.products'), shopify.i18n.formatNumber(productCount)],
            [t('bulk.perProduct'), credits(creditsPerProduct)],
            [t('bulk.estimatedTotal'), credits(estimatedCredits)],
          ]}
        />
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
