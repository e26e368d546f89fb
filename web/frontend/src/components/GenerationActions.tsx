import { BlockStack, Button, ButtonGroup, Text } from '@shopify/polaris';
import { api } from '../api/client.ts';
import { useAction } from '../api/useAction.ts';
import { ACTIONS_BY_STATE, type GenerationAction } from '../lib/generation-states.ts';
import type { GenerationView } from '../shared/contract.ts';
import { formatCredits } from '../lib/format.ts';
import { generationCost } from '../shared/generation-cost.ts';
import { useConfirm, type Confirmation } from './ConfirmModal.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';

const LABELS: Readonly<Record<GenerationAction, string>> = {
  approve: 'Approve',
  reject: 'Reject',
  retry: 'Retry',
  undo: 'Undo',
  cancel: 'Cancel',
};

const DONE: Readonly<Record<GenerationAction, string>> = {
  approve: 'Approved: adding it to the product',
  reject: 'Rejected: the result was discarded',
  retry: 'Sent again as a new generation',
  undo: 'Removed from the product',
  cancel: 'Generation cancelled',
};

/** Undo takes a live result off its product: it asks first, saying what comes back. */
function undoConfirmation(generation: GenerationView, run: () => void): Confirmation {
  const { credits } = generationCost(generation);
  return {
    title: `Undo on “${generation.product.title}”?`,
    consequences: [
      '1 product loses this result: it comes off the product’s media and the previous featured image is put back. The file stays in Content › Files.',
      `The ${formatCredits(credits)} it cost ${credits === 1 ? 'is' : 'are'} not refunded.`,
    ],
    confirm: 'Undo',
    destructive: true,
    run,
  };
}

interface Props {
  generation: GenerationView;
  /** The view the server returned (for retry: the new generation). */
  onChange: (view: GenerationView) => void;
  /** Buttons in a row (table) or stacked with room for the explanation (cards). */
  compact?: boolean;
}

/** The actions that apply to a generation in its state, with their errors shown beside them. */
export function GenerationActions({ generation, onChange, compact = false }: Props) {
  const action = useAction(async (command: GenerationAction) =>
    api.post<GenerationView>(`/generations/${encodeURIComponent(generation.id)}/${command}`),
  );
  const perform = async (command: GenerationAction, message: string) => {
    const view = await action.run(command);
    if (view) {
      shopify.toast.show(message);
      onChange(view);
    }
  };
  const confirm = useConfirm();
  const actions = ACTIONS_BY_STATE[generation.state];
  const size = compact ? 'slim' : 'medium';
  const buttons = actions.map((name) => (
    <Button
      key={name}
      size={size}
      variant={name === 'approve' ? 'primary' : undefined}
      tone={name === 'reject' || name === 'undo' ? 'critical' : undefined}
      disabled={action.pending}
      onClick={() =>
        name === 'undo'
          ? confirm.ask(undoConfirmation(generation, () => void perform(name, DONE[name])))
          : perform(name, DONE[name])
      }
      accessibilityLabel={`${LABELS[name]}: ${generation.product.title}`}
    >
      {LABELS[name]}
    </Button>
  ));
  if (buttons.length === 0) return null;
  return (
    <BlockStack gap="200">
      {generation.state === 'uncertain' && !compact ? (
        // Nothing to decide: the app settles it; cancelling only stops waiting.
        <Text as="p" tone="subdued">
          The app is checking with ProductAI whether this request arrived. Nothing will be charged
          twice.
        </Text>
      ) : null}
      <ButtonGroup>{buttons}</ButtonGroup>
      {confirm.modal}
      {action.error ? <ErrorBanner error={action.error} onDismiss={action.clearError} /> : null}
    </BlockStack>
  );
}
