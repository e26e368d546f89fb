import type { BulkEstimate, BulkRunTarget } from '../../../src/app-api/contract.ts';
import { parseBudget } from '../BudgetField.tsx';
import { ErrorBanner } from '../errors.tsx';
import { Facts } from '../Facts.tsx';
import { credits, t } from '../i18n.ts';
import { modelName } from '../model-words.ts';
import {
  estimateRows,
  introOf,
  perLabel,
  PerColour,
  ScheduleNote,
  type BulkRunDraft,
} from './BulkRunForm.tsx';

interface BulkRunReviewProps {
  target: BulkRunTarget;
  title: string;
  draft: BulkRunDraft;
  estimate: BulkEstimate;
  /** The shop's review setting: where the results go, said before the run starts. */
  reviewMode: boolean;
  submitting: boolean;
  error: unknown;
  onBack: () => void;
  onStart: () => void;
}

/**
 * The confirmation step: everything the run will do and cost, before anything is spent. Every
 * figure (products, credits, skipped for the budget, the finish time) is the estimate's, which
 * the form asked with this very budget and options: the server's one plan (runOutcome and the
 * queue's forecast together), so none of them can lag behind the others.
 */
export function BulkRunReview(props: BulkRunReviewProps) {
  const { draft, estimate } = props;
  const budget = parseBudget(draft.budget);
  const budgetCredits = budget.valid ? budget.credits : undefined;
  const { outcome } = estimate;
  const skipped = outcome.skipped.overBudget;
  return (
    <s-admin-action heading={t('review.heading')}>
      <s-stack direction="block" gap="base">
        {props.error !== null && <ErrorBanner error={props.error} />}
        <s-paragraph>{introOf(props.target, props.title, 'review')}</s-paragraph>
        <Facts
          rows={[
            ...estimateRows(estimate),
            [t('fields.model'), modelName(draft.model)],
            [perLabel(estimate), credits(estimate.creditsPerProduct)],
            [t('bulk.estimatedTotal'), credits(outcome.credits)],
            [
              t('budget.label'),
              budgetCredits === undefined ? t('review.noBudget') : credits(budgetCredits),
            ],
          ]}
        />
        <PerColour estimate={estimate} />
        <s-stack direction="block" gap="small-400">
          <s-text type="strong">{t('fields.prompt')}</s-text>
          <s-paragraph>{draft.prompt.trim()}</s-paragraph>
        </s-stack>
        <ScheduleNote estimate={estimate} />
        {skipped > 0 && (
          <s-banner tone="info">{t('review.budgetSkips', { count: skipped })}</s-banner>
        )}
        <s-paragraph>
          {t(props.reviewMode ? 'review.resultsReview' : 'review.resultsPublish')}
        </s-paragraph>
        <s-paragraph color="subdued">{t('review.chargeNote')}</s-paragraph>
      </s-stack>
      <s-button
        slot="primary-action"
        variant="primary"
        loading={props.submitting}
        onClick={props.onStart}
      >
        {t('review.start')}
      </s-button>
      <s-button slot="secondary-actions" disabled={props.submitting} onClick={props.onBack}>
        {t('actions.back')}
      </s-button>
    </s-admin-action>
  );
}
