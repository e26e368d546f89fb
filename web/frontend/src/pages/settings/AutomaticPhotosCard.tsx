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
import { t } from '../../i18n/index.ts';
import { formatCredits, formatDay } from '../../lib/format.ts';
import { stateLabel } from '../../lib/generation-states.ts';
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
  return {
    title: t('rules.resumeTitle', { name: rule.name }),
    consequences: [
      t('rules.resumeEach', { match: matchSummary(rule.match), made: madeText(rule) }),
      t(reviewsFirst(rule) ? 'rules.resultsWait' : 'rules.resultsLive'),
    ],
    confirm: t('rules.resume'),
    destructive: false,
    run,
  };
}

/** "a photo", "a video ×3", "a photo for each color": what the rule makes for each product. */
function madeText(rule: RuleView): string {
  // One per colour makes one result per value, never several to choose among (rules.ts).
  if (rule.eachVariant) {
    const option = rule.eachVariant.option;
    return option
      ? t('rules.aPhotoEach', { option: option.toLowerCase() })
      : t('rules.aPhotoEachColour');
  }
  const made = t(rule.kind === 'video' ? 'rules.aVideo' : 'rules.aPhoto');
  return rule.options > 1 ? `${made} ×${rule.options}` : made;
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
            title={t('rules.loadFailed')}
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
            title={t('rules.failed')}
            error={change.error}
            onDismiss={change.clearError}
          />
        ) : null}
        {data.rules.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('rules.off')}
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
                    title: t('rules.deleteTitle', { name: rule.name }),
                    consequences: [t('rules.deleteBody')],
                    confirm: t('rules.delete'),
                    destructive: true,
                    run: () => void change.run(() => api.delete(`/rules/${rule.id}`)),
                  })
                }
              />
            ))}
          </>
        )}
        <div>
          <Button onClick={() => setEditing({ rule: null })}>{t('rules.add')}</Button>
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
  // Whole percents: the bar's value is read aloud.
  const share = cap > 0 ? Math.min(100, Math.round((overview.spentToday / cap) * 100)) : 0;
  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" gap="200">
        <Text as="p">
          {t('rules.today', {
            day: formatDay(overview.day),
            spent: formatCredits(overview.spentToday),
            cap: formatCredits(cap),
          })}
        </Text>
        {overview.waiting > 0 ? (
          <Badge tone="attention">{t('rules.waitingTomorrow', { count: overview.waiting })}</Badge>
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
              {t(rule.active ? 'rules.active' : 'rules.paused')}
            </Badge>
          </InlineStack>
          <InlineStack gap="200">
            <Button
              variant="plain"
              onClick={onEdit}
              accessibilityLabel={t('rules.editLabel', { name: rule.name })}
            >
              {t('rules.edit')}
            </Button>
            <Button variant="plain" onClick={onToggle} disabled={busy}>
              {t(rule.active ? 'rules.pause' : 'rules.resumeShort')}
            </Button>
            <Button
              variant="plain"
              tone="critical"
              onClick={onDelete}
              accessibilityLabel={t('rules.deleteLabel', { name: rule.name })}
            >
              {t('rules.deleteShort')}
            </Button>
          </InlineStack>
        </InlineStack>
        <Text as="p" tone="subdued">
          {matchSummary(rule.match)} → {madeText(rule)}
          {preset ? ` · ${t('rules.preset', { name: preset.name })}` : ''}
        </Text>
        {rule.recent.length > 0 ? (
          <InlineStack gap="200" aria-label={t('rules.lastResults', { name: rule.name })}>
            {rule.recent.map((result) => (
              <Thumbnail
                key={result.generationId}
                size="small"
                source={result.imageUrl ?? ImageIcon}
                alt={`${result.productTitle}: ${stateLabel(result.state)}`}
              />
            ))}
          </InlineStack>
        ) : (
          <Text as="p" tone="subdued" variant="bodySm">
            {t('rules.noResults')}
          </Text>
        )}
      </BlockStack>
    </Box>
  );
}
