import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Modal,
  ProgressBar,
  SkeletonBodyText,
  Text,
  Thumbnail,
} from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { Defaults } from '../../components/generation-options/draft.ts';
import { formatCredits, formatDay } from '../../lib/format.ts';
import type { PromptPreset, RuleView, RulesOverview } from '../../shared/contract.ts';
import { RuleEditor } from './RuleEditor.tsx';
import { matchSummary } from './rule-form.ts';

/** Today's spend moves while automatic work runs: refreshed every half minute. */
const REFRESH_MS = 30_000;

interface Props {
  defaults: Defaults;
  presets: PromptPreset[];
}

type Editing = { rule: RuleView | null } | null;

/** Settings → Automatic photos: the shop's rules for new products and the daily cap. */
export function AutomaticPhotosCard({ defaults, presets }: Props) {
  const overview = useResource<RulesOverview>('/rules', REFRESH_MS);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RuleView | null>(null);
  const change = useAction(async (call: () => Promise<unknown>) => {
    await call();
    overview.reload();
  });

  if (overview.loading) {
    return (
      <Card>
        <SkeletonBodyText lines={3} />
      </Card>
    );
  }
  const data = overview.data;
  if (!data) {
    return (
      <Card>
        {overview.error ? (
          <ErrorBanner
            title="Automatic photos could not be loaded"
            error={overview.error}
            onRetry={overview.reload}
          />
        ) : null}
      </Card>
    );
  }
  return (
    <Card>
      <BlockStack gap="400">
        {change.error ? (
          <ErrorBanner
            title="That did not work"
            error={change.error}
            onDismiss={change.clearError}
          />
        ) : null}
        {data.rules.length === 0 ? (
          <Text as="p" tone="subdued">
            Off. Add a rule to make photos or videos for new products as they arrive in your store:
            by collection, tag, product type or vendor.
          </Text>
        ) : (
          <>
            <DailyCap overview={data} />
            {data.rules.map((rule) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                preset={presets.find((preset) => preset.id === rule.presetId) ?? null}
                busy={change.pending}
                onEdit={() => setEditing({ rule })}
                onToggle={() =>
                  change.run(() => api.patch(`/rules/${rule.id}`, { active: !rule.active }))
                }
                onDelete={() => setDeleting(rule)}
              />
            ))}
          </>
        )}
        <div>
          <Button onClick={() => setEditing({ rule: null })}>Add rule</Button>
        </div>
      </BlockStack>
      {editing ? (
        <RuleEditor
          rule={editing.rule}
          overview={data}
          defaults={defaults}
          presets={presets}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            overview.reload();
          }}
        />
      ) : null}
      {deleting ? (
        <Modal
          open
          onClose={() => setDeleting(null)}
          title={`Delete “${deleting.name}”?`}
          primaryAction={{
            content: 'Delete rule',
            destructive: true,
            onAction: () => {
              const { id } = deleting;
              setDeleting(null);
              void change.run(() => api.delete(`/rules/${id}`));
            },
          }}
          secondaryActions={[{ content: 'Cancel', onAction: () => setDeleting(null) }]}
        >
          <Modal.Section>
            <Text as="p">
              New products stop getting its photos. What it already made stays in Activity.
            </Text>
          </Modal.Section>
        </Modal>
      ) : null}
    </Card>
  );
}

function DailyCap({ overview }: { overview: RulesOverview }) {
  const cap = overview.dailyCap ?? 0;
  const share = cap > 0 ? Math.min(100, (overview.spentToday / cap) * 100) : 0;
  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" gap="200">
        <Text as="p">
          Today ({formatDay(overview.day)}): {formatCredits(overview.spentToday)} of{' '}
          {formatCredits(cap)} a day
        </Text>
        {overview.waiting > 0 ? (
          <Badge tone="attention">{`${overview.waiting} waiting for tomorrow`}</Badge>
        ) : null}
      </InlineStack>
      <ProgressBar progress={share} size="small" tone={share >= 100 ? 'critical' : 'primary'} />
    </BlockStack>
  );
}

interface RowProps {
  rule: RuleView;
  /** The preset the rule follows, if it still exists. */
  preset: PromptPreset | null;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

function RuleRow({ rule, preset, busy, onEdit, onToggle, onDelete }: RowProps) {
  return (
    <Box borderColor="border" borderWidth="025" borderRadius="200" padding="300">
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h3" variant="headingSm">
              {rule.name}
            </Text>
            <Badge tone={rule.active ? 'success' : undefined}>
              {rule.active ? 'Active' : 'Paused'}
            </Badge>
          </InlineStack>
          <InlineStack gap="200">
            <Button variant="plain" onClick={onEdit} accessibilityLabel={`Edit ${rule.name}`}>
              Edit
            </Button>
            <Button variant="plain" onClick={onToggle} disabled={busy}>
              {rule.active ? 'Pause' : 'Resume'}
            </Button>
            <Button
              variant="plain"
              tone="critical"
              onClick={onDelete}
              accessibilityLabel={`Delete ${rule.name}`}
            >
              Delete
            </Button>
          </InlineStack>
        </InlineStack>
        <Text as="p" tone="subdued">
          {matchSummary(rule.match)} → {rule.kind === 'video' ? 'a video' : 'a photo'}
          {rule.options > 1 ? ` ×${rule.options}` : ''}
          {preset ? ` · preset “${preset.name}”` : ''}
        </Text>
        {rule.recent.length > 0 ? (
          <InlineStack gap="200" aria-label={`Last results of ${rule.name}`}>
            {rule.recent.map((result) => (
              <Thumbnail
                key={result.generationId}
                size="small"
                source={result.imageUrl ?? ImageIcon}
                alt={`${result.productTitle}: ${result.state.replace('_', ' ')}`}
              />
            ))}
          </InlineStack>
        ) : (
          <Text as="p" tone="subdued" variant="bodySm">
            No results yet.
          </Text>
        )}
      </BlockStack>
    </Box>
  );
}
