import { BlockStack, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { BeforeAfter } from '../../components/BeforeAfter.tsx';
import { GenerationActions } from '../../components/GenerationActions.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { formatCredits, formatDateTime, formatRelative } from '../../lib/format.ts';
import { KIND_LABELS } from '../../lib/models.ts';
import type { GenerationView } from '../../shared/contract.ts';
import styles from './GenerationRow.module.css';

interface Props {
  generation: GenerationView;
  position: number;
  /** Small screens: one stacked cell per row instead of seven columns. */
  condensed: boolean;
  onChange: () => void;
}

function StateCell({ generation }: { generation: GenerationView }) {
  return (
    <BlockStack gap="100">
      <span>
        <StateBadge state={generation.state} />
      </span>
      {generation.reason ? (
        <Text as="p" tone={generation.state === 'failed' ? 'critical' : undefined}>
          {generation.reason}
        </Text>
      ) : null}
      {generation.action ? (
        <Text as="p" tone="subdued">
          {generation.action}
        </Text>
      ) : null}
    </BlockStack>
  );
}

function modelText(generation: GenerationView): string {
  const model = generation.params.model;
  return model ? `${KIND_LABELS[generation.kind]} · ${model}` : KIND_LABELS[generation.kind];
}

function Started({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelative(at)}
    </time>
  );
}

export function GenerationRow({ generation, position, condensed, onChange }: Props) {
  const actions = <GenerationActions generation={generation} onChange={onChange} compact />;
  if (condensed) {
    return (
      <IndexTable.Row id={generation.id} position={position}>
        <div className={styles.condensed}>
          <BlockStack gap="200">
            <InlineStack align="space-between" gap="200" wrap={false}>
              <Text as="span" fontWeight="semibold">
                {generation.product.title}
              </Text>
              <Text as="span" tone="subdued">
                <Started at={generation.createdAt} />
              </Text>
            </InlineStack>
            <BeforeAfter generation={generation} />
            <StateCell generation={generation} />
            <Text as="p" tone="subdued">
              {modelText(generation)} · {formatCredits(generation.estimatedCredits)}
            </Text>
            {actions}
          </BlockStack>
        </div>
      </IndexTable.Row>
    );
  }
  return (
    <IndexTable.Row id={generation.id} position={position}>
      <IndexTable.Cell>
        <Text as="span" fontWeight="semibold">
          {generation.product.title}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <BeforeAfter generation={generation} />
      </IndexTable.Cell>
      <IndexTable.Cell className={styles.wrap}>
        <StateCell generation={generation} />
      </IndexTable.Cell>
      <IndexTable.Cell>{modelText(generation)}</IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" alignment="end" numeric>
          {formatCredits(generation.estimatedCredits)}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Started at={generation.createdAt} />
      </IndexTable.Cell>
      <IndexTable.Cell>{actions}</IndexTable.Cell>
    </IndexTable.Row>
  );
}
