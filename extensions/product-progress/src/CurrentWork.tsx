import type { GenerationView } from '../../../src/app-api/contract.ts';
import type { ShopClock } from '../../../src/app-api/shop-time.ts';
import { appLinks } from '../../shared/app-links.ts';
import { storedText } from '../../shared/coded-text.ts';
import { FidelityLine, isFlagged } from '../../shared/fidelity.tsx';
import { isMoving, STEP_OF, STEPS } from '../../shared/generation-progress.ts';
import { t } from '../../shared/i18n.ts';
import { waitingText } from '../../shared/waiting-text.ts';
import { kindLabel } from './kind-label.ts';
import type { ProductProgress } from './product-progress.ts';

type Entry = ProductProgress['current'][number];

/**
 * The product's current work, newest first. A live region (role status): a screen reader hears
 * each step as it changes, without moving focus.
 */
export function CurrentWork({
  entries,
  clock,
}: {
  entries: readonly Entry[];
  /** The shop's clock: a wait says until when on it. */
  clock: ShopClock;
}) {
  return (
    <s-box accessibilityRole="status">
      <s-stack direction="block" gap="base">
        {entries.map((entry) => (
          <CurrentEntry key={entry.generation.id} {...entry} clock={clock} />
        ))}
      </s-stack>
    </s-box>
  );
}

function CurrentEntry({ generation, count, clock }: Entry & { clock: ShopClock }) {
  const kind = kindLabel(generation.kind);
  if (isMoving(generation.state)) {
    return <Moving generation={generation} kind={kind} clock={clock} />;
  }
  if (generation.state === 'in_review') {
    // Several results of one request are chosen among on the Generate page, side by side.
    const link =
      count > 1
        ? { href: appLinks.generation(generation.id), label: t('block.chooseAmong', { count }) }
        : { href: appLinks.activity(generation.id), label: t('block.review') };
    // Held by the product check: said so, with its verdict and why, before the link.
    const held = isFlagged(generation.fidelity);
    return (
      <s-stack direction="block" gap="small-400">
        <s-stack direction="inline" gap="small-200" alignItems="center">
          <s-text type="strong">{kind}</s-text>
          <s-badge tone={held ? 'warning' : 'info'}>
            {t(held ? 'block.heldForReview' : 'block.readyForReview')}
          </s-badge>
        </s-stack>
        {held && <FidelityLine fidelity={generation.fidelity!} />}
        <s-link href={link.href}>{link.label}</s-link>
      </s-stack>
    );
  }
  return (
    <s-stack direction="block" gap="small-400">
      <s-stack direction="inline" gap="small-200" alignItems="center">
        <s-text type="strong">{kind}</s-text>
        <s-badge tone="critical">{t('block.failed')}</s-badge>
      </s-stack>
      <s-paragraph>
        {generation.reason
          ? storedText(generation.reasonText, generation.reason, clock)
          : t('block.failedNoReason')}
      </s-paragraph>
      <s-link href={appLinks.activity(generation.id)}>{t('block.retryInActivity')}</s-link>
    </s-stack>
  );
}

/** Step n of 5 with a spinner, and the state in a sentence (the product action's words). */
function Moving({
  generation,
  kind,
  clock,
}: {
  generation: GenerationView;
  kind: string;
  clock: ShopClock;
}) {
  const step = STEP_OF[generation.state] ?? 'queued';
  return (
    <s-stack direction="block" gap="small-400">
      {/* A grid, not a wrapping row: on a phone the text wraps beside the spinner. */}
      <s-grid gridTemplateColumns="auto 1fr" gap="small-200" alignItems="center">
        <s-spinner accessibilityLabel={t('progress.working')} size="base" />
        <s-text type="strong">
          {t('block.step', {
            kind,
            number: STEPS.indexOf(step) + 1,
            total: STEPS.length,
            step: t(`progress.steps.${step}`),
          })}
        </s-text>
      </s-grid>
      <s-paragraph color="subdued">
        {/* Saving while Shopify is down, or reading while ProductAI is (until when, if known). */}
        {waitingText(generation, clock) ?? t(`progress.states.${generation.state}`)}
      </s-paragraph>
    </s-stack>
  );
}
