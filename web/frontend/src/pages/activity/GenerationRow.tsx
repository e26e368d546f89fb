import { Badge, BlockStack, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { memo, type ReactNode } from 'react';
import { BeforeAfter } from '../../components/BeforeAfter.tsx';
import { FidelityBadge, FidelityFindings } from '../../components/Fidelity.tsx';
import { GenerationActions } from '../../components/GenerationActions.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { t } from '../../i18n/index.ts';
import { modelLabel, storedText } from '../../i18n/coded-text.ts';
import {
  formatDateTime,
  formatGenerationCost,
  formatRelative,
  kindLabel,
} from '../../lib/format.ts';
import type { GenerationView } from '../../shared/contract.ts';
import styles from './GenerationRow.module.css';
import { ChannelChecks } from '../../components/ChannelChecks.tsx';

interface Props {
  generation: GenerationView;
  position: number;
  selected: boolean;
  /** Small screens: one stacked cell per row instead of four columns. */
  condensed: boolean;
  /** Opens the large viewer on the row at `position`. */
  onOpen: (position: number) => void;
  onChange: () => void;
  /** The minute now: "2 minutes ago" is written again as it passes, the row unchanged. */
  minute: number;
}

function StateCell({ generation }: { generation: GenerationView }) {
  return (
    <BlockStack gap="100">
      <InlineStack gap="100">
        <StateBadge state={generation.state} />
        {/* What started it without a click: "Shopify Flow", or a rule's name. */}
        {generation.origin ? (
          <Badge tone="info">
            {generation.origin.type === 'rule'
              ? t('activity.row.rule', { name: generation.origin.label })
              : generation.origin.label}
          </Badge>
        ) : null}
        {generation.fidelity ? <FidelityBadge fidelity={generation.fidelity} /> : null}
        {/* One of the tries of a changed result (the others are listed beside it). */}
        {generation.tries ? (
          <Badge>
            {t('activity.row.try', { number: generation.tries.number, of: generation.tries.of })}
          </Badge>
        ) : null}
        <StyleBadge style={generation.style} />
      </InlineStack>
      {generation.reason && !heldForFindings(generation) ? (
        <Text as="p" tone={generation.state === 'failed' ? 'critical' : undefined}>
          {storedText(generation.reasonText, generation.reason)}
        </Text>
      ) : null}
      {generation.action ? (
        <Text as="p" tone="subdued">
          {storedText(generation.actionText, generation.action)}
        </Text>
      ) : null}
      {generation.fidelity ? <FidelityFindings fidelity={generation.fidelity} /> : null}
      <ChannelChecks generation={generation} />
    </BlockStack>
  );
}

/**
 * Sent with the shop style, and whether its image went: the viewer says the phrase and why the
 * image did not go (StyleUsed). Nothing for a generation sent without one or not sent yet.
 */
function StyleBadge({ style }: { style: GenerationView['style'] }) {
  if (!style || (!style.phrase && !style.reference)) return null;
  const withoutImage = style.reference !== null && !style.reference.sent;
  return <Badge>{t(withoutImage ? 'activity.row.styleWithoutImage' : 'activity.row.style')}</Badge>;
}

/**
 * A result the guard held: its reason ("Held for review: " and the findings as stored) is said
 * by the findings under it, each in today's plain words and the page's language.
 */
function heldForFindings({ reason, fidelity }: GenerationView): boolean {
  return !!fidelity?.findings.length && !!reason?.startsWith('Held for review: ');
}

/** "Photo · Balanced · 5 credits · 2 minutes ago": the facts a merchant scans, on one line. */
function Details({ generation }: { generation: GenerationView }) {
  const model = generation.params.model;
  const at = generation.createdAt;
  return (
    <Text as="p" tone="subdued">
      {kindLabel(generation.kind)}
      {model ? ` · ${modelLabel(model)}` : ''} · {formatGenerationCost(generation)} ·{' '}
      <time dateTime={at} title={formatDateTime(at)}>
        {formatRelative(at)}
      </time>
    </Text>
  );
}

/** The product's title over the details line: what a merchant reads first in either layout. */
function Summary({ generation }: { generation: GenerationView }) {
  return (
    <>
      <Text as="span" fontWeight="semibold">
        {generation.product.title}
      </Text>
      <Details generation={generation} />
    </>
  );
}

/** Clicks on buttons inside a row are theirs: they must not also toggle the row's selection. */
function OwnClicks({ children }: { children: ReactNode }) {
  return (
    <div className={styles.actions} onClick={(event) => event.stopPropagation()}>
      {children}
    </div>
  );
}

/**
 * Memoized: a poll's answer keeps the generations that did not change as the same objects
 * (useUnchangedKept.ts), so only the rows that changed are rendered again.
 */
export const GenerationRow = memo(function GenerationRow({
  generation,
  position,
  selected,
  condensed,
  onOpen,
  onChange,
}: Props) {
  const actions = (
    <OwnClicks>
      <GenerationActions generation={generation} onChange={onChange} compact />
    </OwnClicks>
  );
  const picture = (
    <OwnClicks>
      <BeforeAfter generation={generation} onOpen={() => onOpen(position)} />
    </OwnClicks>
  );
  // Small screens stack everything in one cell; wider ones spread it over four columns.
  const cells = condensed ? (
    <IndexTable.Cell className={styles.condensed}>
      <BlockStack gap="200">
        <Summary generation={generation} />
        {picture}
        <StateCell generation={generation} />
        {actions}
      </BlockStack>
    </IndexTable.Cell>
  ) : (
    <>
      <IndexTable.Cell className={styles.wrap}>
        <BlockStack gap="100">
          <Summary generation={generation} />
        </BlockStack>
      </IndexTable.Cell>
      <IndexTable.Cell>{picture}</IndexTable.Cell>
      <IndexTable.Cell className={styles.wrap}>
        <StateCell generation={generation} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <InlineStack>{actions}</InlineStack>
      </IndexTable.Cell>
    </>
  );
  return (
    <IndexTable.Row id={generation.id} position={position} selected={selected}>
      {cells}
    </IndexTable.Row>
  );
});
