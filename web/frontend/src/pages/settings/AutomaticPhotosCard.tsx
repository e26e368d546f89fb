import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
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
import { useConfirm, type Confirmation } from '../../components/ConfirmModal.tsx';
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

/** Resuming a rule starts paid work on every new product it matches: where its results go. */
function resumeConfirmation(rule: RuleView, run: () => void): Confirmation {
  const made = rule.kind === 'video' ? 'a video' : 'a photo';
  return {
    title: `Resume “${rule.name}”?`,
    consequences: [
      `Each new product that matches (${matchSummary(rule.match)}) gets ${made}${rule.options > 1 ? ` ×${rule.options}` : ''}, within your daily cap.`,
      reviewsFirst(rule)
        ? 'Results wait for your review in Activity before they go on the product.'
        : 'Results go live on the product at once, without review.',
    ],
    confirm: 'Resume rule',
    destructive: false,
    run,
  };
}

/** As rule-holds.ts decides: the rule's destination, and always when there are options. */
function reviewsFirst(rule: RuleView): boolean {
  return rule.destination === 'review' || rule.options > 1;
}

/** Settings → Automatic photos: the shop's rules for new products and the daily cap. */
export function AutomaticPhotosCard({ defaults, presets }: Props) {
  const overview = useResource<RulesOverview>('/rules', REFRESH_MS);
  const [editing, setEditing] = useState<Editing>(null);
  const confirm = useConfirm();
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
                onToggle={() => {
                  const toggle = () =>
                    void change.run(() => api.patch(`/rules/${rule.id}`, { active: !rule.active }));
                  // Pausing stops work; resuming starts it, so it says what it will do first.
                  if (rule.active) toggle();
                  else confirm.ask(resumeConfirmation(rule, toggle));
                }}
                onDelete={() =>
                  confirm.ask({
                    title: `Delete “${rule.name}”?`,
                    consequences: [
                      'New products stop getting its photos. What it already made stays in Activity.',
                    ],
                    confirm: 'Delete rule',
                    destructive: true,
                    run: () => void change.run(() => api.delete(`/rules/${rule.id}`)),
                  })
                }
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
      {confirm.modal}
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
