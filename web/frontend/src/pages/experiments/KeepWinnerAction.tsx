import { BlockStack, Button, InlineStack } from '@shopify/polaris';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ActionErrorBanner } from '../../components/ActionErrorBanner.tsx';
import { useConfirm, type Confirmation } from '../../components/ConfirmModal.tsx';
import { t } from '../../i18n/index.ts';
import type { ExperimentView } from '../../shared/contract.ts';
import { armName, winnerToKeep } from './experiment-wording.ts';

interface Props {
  experiment: ExperimentView;
  onChange: () => void;
}

type Arm = ExperimentView['arms'][number];

function keepLabel(winner: Arm, experiment: ExperimentView): string {
  return winner.arm === 'control'
    ? t('experiments.keepWinner.original')
    : t('experiments.keepWinner.ai', { name: armName(winner, experiment) });
}

function confirmation(winner: Arm, experiment: ExperimentView, run: () => void): Confirmation {
  const name = armName(winner, experiment);
  return {
    title:
      winner.arm === 'control'
        ? t('experiments.keepWinner.originalTitle')
        : t('experiments.keepWinner.aiTitle', { name }),
    consequences: [
      winner.arm === 'control'
        ? t('experiments.keepWinner.originalConsequence')
        : t('experiments.keepWinner.aiConsequence', { name }),
      t(`experiments.losers.${experiment.losers}`),
    ],
    confirm: keepLabel(winner, experiment),
    dismiss: t('experiments.keepWinner.notNow'),
    destructive: false,
    run,
  };
}

/**
 * An experiment that ended asking: its winner made (or kept) the featured image once the
 * merchant confirms. The server keeps it once, so a click sent again changes nothing more.
 */
export function KeepWinnerAction({ experiment, onChange }: Props) {
  const confirm = useConfirm();
  const keep = useAction(() =>
    api.post<ExperimentView>(`/experiments/${encodeURIComponent(experiment.id)}/keep-winner`, {}),
  );
  const winner = winnerToKeep(experiment);
  if (!winner) return null;
  const perform = async () => {
    if (await keep.run()) {
      shopify.toast.show(t('experiments.keepWinner.done'));
      onChange();
    }
  };
  return (
    <BlockStack gap="200">
      <InlineStack>
        <Button
          variant="primary"
          loading={keep.pending}
          onClick={() => confirm.ask(confirmation(winner, experiment, () => void perform()))}
        >
          {keepLabel(winner, experiment)}
        </Button>
      </InlineStack>
      {confirm.modal}
      <ActionErrorBanner title={t('experiments.keepWinner.notDone')} action={keep} />
    </BlockStack>
  );
}
