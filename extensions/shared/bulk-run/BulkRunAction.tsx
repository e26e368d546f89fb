/**
 * The bulk-run action shared by the collection page and the product list selection: choose the
 * model and prompt, see how many products and about how many credits, set an optional budget,
 * review, then start. The run itself happens in the app; this only creates it.
 */
import { useState } from 'preact/hooks';
import type {
  BulkEstimate,
  BulkRunTarget,
  BulkRunView,
  SettingsView,
} from '../../../src/app-api/contract.ts';
import { appApi } from '../app-api.ts';
import { DeadEnd } from '../DeadEnd.tsx';
import { t } from '../i18n.ts';
import { LoadingOrFailed } from '../LoadingOrFailed.tsx';
import { initialModel } from '../../../src/app-api/models.ts';
import { useLoad } from '../use-load.ts';
import { BulkRunForm, bulkRunRequest, type BulkRunDraft } from './BulkRunForm.tsx';
import { BulkRunReview } from './BulkRunReview.tsx';
import { BulkRunStarted } from './BulkRunStarted.tsx';
import { loadShopClock } from '../shop-clock.ts';
import type { ShopClock } from '../../../src/app-api/shop-time.ts';

/** The contract's limit on an explicit product list. */
const MAX_SELECTED_PRODUCTS = 250;

interface BulkRunActionProps {
  target: BulkRunTarget;
  /** What the run is over, in the merchant's words (the collection's title, "3 products"). */
  describeTarget: () => Promise<string>;
}

export function BulkRunAction({ target, describeTarget }: BulkRunActionProps) {
  if (target.type === 'products' && target.productIds.length > MAX_SELECTED_PRODUCTS) {
    return (
      <DeadEnd heading={t('bulk.heading')}>
        <s-banner tone="critical" heading={t('bulk.tooManyHeading')}>
          {t('bulk.tooMany', { max: MAX_SELECTED_PRODUCTS })}
        </s-banner>
      </DeadEnd>
    );
  }
  return <BulkRunLoader target={target} describeTarget={describeTarget} />;
}

function BulkRunLoader({ target, describeTarget }: BulkRunActionProps) {
  const loaded = useLoad(
    () => Promise.all([appApi.settings(), describeTarget(), loadShopClock()]),
    [],
  );
  if (loaded.state !== 'ready')
    return <LoadingOrFailed heading={t('bulk.heading')} loaded={loaded} />;
  const [settings, title, clock] = loaded.value;
  return <BulkRunFlow target={target} title={title} settings={settings} clock={clock} />;
}

type Step =
  | { name: 'edit' }
  | { name: 'review'; estimate: BulkEstimate }
  | { name: 'started'; run: BulkRunView };

function BulkRunFlow(props: {
  target: BulkRunTarget;
  title: string;
  settings: SettingsView;
  clock: ShopClock;
}) {
  const { target, title, settings } = props;
  const [draft, setDraft] = useState<BulkRunDraft>(() => ({
    model: initialModel(settings),
    prompt: settings.presets[0]?.prompt ?? '',
    budget: '',
    includeDone: false,
    eachColour: false,
  }));
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);

  const start = async () => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      // The run the merchant confirmed: the request its estimate was asked with.
      const run = await appApi.createBulkRun(bulkRunRequest(target, draft));
      setStep({ name: 'started', run });
    } catch (error) {
      // Stay on the review with everything the merchant chose; the banner says what to change.
      setSubmitError(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (step.name === 'started') return <BulkRunStarted run={step.run} clock={props.clock} />;
  if (step.name === 'review') {
    return (
      <BulkRunReview
        target={target}
        title={title}
        draft={draft}
        estimate={step.estimate}
        reviewMode={settings.reviewMode}
        submitting={submitting}
        error={submitError}
        onBack={() => {
          setSubmitError(null);
          setStep({ name: 'edit' });
        }}
        onStart={() => void start()}
      />
    );
  }
  return (
    <BulkRunForm
      target={target}
      title={title}
      settings={settings}
      draft={draft}
      onDraftChange={setDraft}
      onReview={(estimate) => setStep({ name: 'review', estimate })}
    />
  );
}
