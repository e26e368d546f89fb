import { BlockStack, Button, ButtonGroup, Card, Text } from '@shopify/polaris';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useResource } from '../../api/useResource.ts';
import { ActionErrorBanner } from '../../components/ActionErrorBanner.tsx';
import { useConfirm, type Confirmation } from '../../components/ConfirmModal.tsx';
import { RecordCardHeading } from '../../components/RecordCardHeading.tsx';
import { formatDateTime, numericId } from '../../lib/format.ts';
import { t } from '../../i18n/index.ts';
import type {
  ExperimentView,
  ProductDetail,
  StopExperimentRequest,
} from '../../shared/contract.ts';
import { ArmsTable } from './ArmsTable.tsx';
import { ExperimentDays } from './ExperimentDays.tsx';
import { decision, summary } from './experiment-wording.ts';
import { KeepWinnerAction } from './KeepWinnerAction.tsx';

type Keep = StopExperimentRequest['keep'];

interface Props {
  experiment: ExperimentView;
  onChange: () => void;
}

function badge(experiment: ExperimentView) {
  if (experiment.status === 'running') {
    return { tone: 'info', label: t('experiments.status.running') } as const;
  }
  return {
    tone: undefined,
    label: t(experiment.settling ? 'experiments.status.settling' : 'experiments.status.ended'),
  } as const;
}

function stopConfirmation(keep: Keep, experiment: ExperimentView, run: () => void): Confirmation {
  const losers = t(`experiments.losers.${experiment.losers}`);
  return keep === 'ai'
    ? {
        title: t('experiments.stop.aiTitle'),
        consequences: [t('experiments.stop.aiConsequence'), losers, t('experiments.stop.final')],
        confirm: t('experiments.stop.keepAi'),
        dismiss: t('experiments.stop.keepRunning'),
        destructive: false,
        run,
      }
    : {
        title: t('experiments.stop.originalTitle'),
        consequences: [
          t('experiments.stop.originalConsequence'),
          losers,
          t('experiments.stop.final'),
        ],
        confirm: t('experiments.stop.keepOriginal'),
        dismiss: t('experiments.stop.keepRunning'),
        destructive: false,
        run,
      };
}

/**
 * One experiment: where it stands in words, each arm over its days (chart and table, asked once
 * the card is in view: ExperimentDays), its figures per arm, and its two stops, or, ended asking, the action that keeps its winner.
 */
export function ExperimentCard({ experiment, onChange }: Props) {
  const confirm = useConfirm();
  const stop = useAction((keep: Keep) =>
    api.post<ExperimentView>(`/experiments/${encodeURIComponent(experiment.id)}/stop`, { keep }),
  );
  const perform = async (keep: Keep) => {
    if (await stop.run(keep)) {
      shopify.toast.show(t('experiments.stop.done'));
      onChange();
    }
  };
  const headingId = `experiment-${experiment.id}`;
  // The experiment names its product by id only: its title is asked once (not polled), the id
  // standing in until it is known, or when the product is gone.
  const productId = numericId(experiment.productId);
  const product = useResource<ProductDetail>(`/products/${productId}`);
  const title = product.data?.title ?? t('experiments.cardTitle', { product: productId });
  return (
    // A region named by its heading: the card's id lets the page scroll a new experiment into
    // view (useScrollToCard), the name lets a screen reader jump between experiments.
    <section id={experiment.id} aria-labelledby={headingId}>
      <Card>
        <BlockStack gap="300">
          <RecordCardHeading
            id={headingId}
            title={title}
            subtitle={t('experiments.startedAt', { date: formatDateTime(experiment.startedAt) })}
            badge={badge(experiment)}
          />
          <Text as="p" variant="headingSm">
            {decision(experiment)}
          </Text>
          <Text as="p" tone="subdued">
            {summary(experiment)}
          </Text>
          <KeepWinnerAction experiment={experiment} onChange={onChange} />
          <ExperimentDays experiment={experiment} />
          <ArmsTable experiment={experiment} />
          {experiment.status === 'running' ? (
            <ButtonGroup>
              <Button
                loading={stop.pending}
                onClick={() =>
                  confirm.ask(stopConfirmation('ai', experiment, () => void perform('ai')))
                }
              >
                {t('experiments.stop.keepAi')}
              </Button>
              <Button
                loading={stop.pending}
                onClick={() =>
                  confirm.ask(
                    stopConfirmation('original', experiment, () => void perform('original')),
                  )
                }
              >
                {t('experiments.stop.keepOriginal')}
              </Button>
            </ButtonGroup>
          ) : null}
          {confirm.modal}
          <ActionErrorBanner title={t('experiments.stop.notDone')} action={stop} />
        </BlockStack>
      </Card>
    </section>
  );
}
