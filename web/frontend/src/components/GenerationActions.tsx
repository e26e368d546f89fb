import { BlockStack, Button, ButtonGroup } from '@shopify/polaris';
import { api } from '../api/client.ts';
import { useAction } from '../api/useAction.ts';
import { ACTIONS_BY_STATE, type GenerationAction } from '../lib/generation-states.ts';
import type { GenerationView } from '../shared/contract.ts';
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

type Command = GenerationAction | 'resolve-resubmit' | 'resolve-abandon';

interface Props {
  generation: GenerationView;
  /** The view the server returned (for retry: the new generation). */
  onChange: (view: GenerationView) => void;
  /** Buttons in a row (table) or stacked with room for the explanation (cards). */
  compact?: boolean;
}

/** The actions that apply to a generation in its state, with their errors shown beside them. */
export function GenerationActions({ generation, onChange, compact = false }: Props) {
  const action = useAction(async (command: Command) => {
    const path = `/generations/${encodeURIComponent(generation.id)}`;
    if (command === 'resolve-resubmit' || command === 'resolve-abandon') {
      const decision = command === 'resolve-resubmit' ? 'resubmit' : 'abandon';
      return api.post<GenerationView>(`${path}/resolve`, { decision });
    }
    return api.post<GenerationView>(`${path}/${command}`);
  });
  const perform = async (command: Command, message: string) => {
    const view = await action.run(command);
    if (view) {
      shopify.toast.show(message);
      onChange(view);
    }
  };
  const actions = ACTIONS_BY_STATE[generation.state];
  const size = compact ? 'slim' : 'medium';
  const buttons = actions.map((name) => (
    <Button
      key={name}
      size={size}
      variant={name === 'approve' ? 'primary' : undefined}
      tone={name === 'reject' || name === 'undo' ? 'critical' : undefined}
      disabled={action.pending}
      onClick={() => perform(name, DONE[name])}
      accessibilityLabel={`${LABELS[name]}: ${generation.product.title}`}
    >
      {LABELS[name]}
    </Button>
  ));
  if (generation.state === 'uncertain') {
    buttons.push(
      <Button
        key="resubmit"
        size={size}
        disabled={action.pending}
        onClick={() => perform('resolve-resubmit', 'Sent again')}
      >
        Not charged: send again
      </Button>,
      <Button
        key="abandon"
        size={size}
        disabled={action.pending}
        onClick={() => perform('resolve-abandon', 'Generation given up')}
      >
        Give up
      </Button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <BlockStack gap="200">
      <ButtonGroup>{buttons}</ButtonGroup>
      {action.error ? <ErrorBanner error={action.error} onDismiss={action.clearError} /> : null}
    </BlockStack>
  );
}
