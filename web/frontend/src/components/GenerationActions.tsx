import { BlockStack, Button, ButtonGroup, Text } from '@shopify/polaris';
import { api } from '../api/client.ts';
import { useAction } from '../api/useAction.ts';
import { actionsOf, type GenerationAction } from '../lib/generation-states.ts';
import type { GenerationView } from '../shared/contract.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { formatCredits } from '../lib/format.ts';
import { generationCost } from '../shared/generation-cost.ts';
import { useConfirm, type Confirmation } from './ConfirmModal.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { canUseAsStyle, UseAsStyleButton } from './UseAsStyleButton.tsx';

const LABELS: Readonly<Record<GenerationAction, MessageKey>> = {
  approve: 'actions.approve',
  reject: 'actions.reject',
  retry: 'actions.retry',
  resave: 'actions.resave',
  remake: 'actions.remake',
  undo: 'actions.undo',
  cancel: 'actions.cancel',
};

const DONE: Readonly<Record<GenerationAction, MessageKey>> = {
  approve: 'actions.approved',
  reject: 'actions.rejected',
  retry: 'actions.retried',
  resave: 'actions.resaved',
  remake: 'actions.retried',
  undo: 'actions.undone',
  cancel: 'actions.cancelled',
};

/**
 * What Undo does to the product, by how the result went on it (`placement`, from what the
 * server recorded when it published it): only a result made featured in place of another gives
 * that one its place back; one added after the media already there just comes off.
 */
const UNDO_DOES: Readonly<Record<NonNullable<GenerationView['placement']>, MessageKey>> = {
  featured: 'actions.undoFeatured',
  added: 'actions.undoAdded',
  variants: 'actions.undoVariants',
};

/** Undo takes a live result off its product: it asks first, saying what happens to the product. */
function undoConfirmation(generation: GenerationView, run: () => void): Confirmation {
  const { credits } = generationCost(generation);
  const does = generation.placement ? UNDO_DOES[generation.placement] : 'actions.undoTakesOff';
  return {
    title: t('actions.undoTitle', { title: generation.product.title }),
    consequences: [
      t(does, { value: generation.variant?.value ?? '' }),
      t('actions.undoNotRefunded', { count: credits, credits: formatCredits(credits) }),
    ],
    confirm: t('actions.undo'),
    destructive: true,
    run,
  };
}

/**
 * Make a new one sends a new request although ProductAI made (and charged) a result already: it
 * asks first, with the price. A result saved again shows 0 credits of its own: its request's
 * price is then not known here, and the sentence says so without a number.
 */
function remakeConfirmation(generation: GenerationView, run: () => void): Confirmation {
  const credits = generation.estimatedCredits;
  return {
    title: t('actions.remakeTitle', { title: generation.product.title }),
    consequences: [
      credits > 0
        ? t('actions.remakeCost', { count: credits, credits: formatCredits(credits) })
        : t('actions.remakeCostUnknown'),
      t('actions.remakeInstead'),
    ],
    confirm: t('actions.remake'),
    destructive: false,
    run,
  };
}

/** The request each action makes: Try again's two kinds both ask `retry`, saying which. */
function requestOf(command: GenerationAction): { path: string; body?: unknown } {
  if (command === 'resave') return { path: 'retry', body: { mode: 'resave' } };
  if (command === 'remake') return { path: 'retry', body: { mode: 'new' } };
  return { path: command };
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
  const action = useAction(async (command: GenerationAction) => {
    const { path, body } = requestOf(command);
    return api.post<GenerationView>(
      `/generations/${encodeURIComponent(generation.id)}/${path}`,
      body,
    );
  });
  const perform = async (command: GenerationAction, message: MessageKey) => {
    const view = await action.run(command);
    if (view) {
      shopify.toast.show(t(message));
      onChange(view);
    }
  };
  const confirm = useConfirm();
  const actions = actionsOf(generation);
  const size = compact ? 'slim' : 'medium';
  const buttons = actions.map((name) => (
    <Button
      key={name}
      size={size}
      variant={name === 'approve' || name === 'resave' ? 'primary' : undefined}
      tone={name === 'reject' || name === 'undo' ? 'critical' : undefined}
      disabled={action.pending}
      onClick={() =>
        name === 'undo'
          ? confirm.ask(undoConfirmation(generation, () => void perform(name, DONE[name])))
          : name === 'remake'
            ? confirm.ask(remakeConfirmation(generation, () => void perform(name, DONE[name])))
            : perform(name, DONE[name])
      }
      accessibilityLabel={`${t(LABELS[name])}: ${generation.product.title}`}
    >
      {t(LABELS[name])}
    </Button>
  ));
  // Not in Activity's rows, where the table has no room for it: its viewer offers it there.
  if (!compact && canUseAsStyle(generation)) {
    buttons.push(<UseAsStyleButton key="use-as-style" generation={generation} />);
  }
  if (buttons.length === 0) return null;
  return (
    <BlockStack gap="200">
      {generation.state === 'uncertain' && !compact ? (
        // Nothing to decide: the app settles it; cancelling only stops waiting.
        <Text as="p" tone="subdued">
          {t('actions.uncertain')}
        </Text>
      ) : null}
      <ButtonGroup>{buttons}</ButtonGroup>
      {confirm.modal}
      {action.error ? <ErrorBanner error={action.error} onDismiss={action.clearError} /> : null}
    </BlockStack>
  );
}
