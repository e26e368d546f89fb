import {
  Banner,
  BlockStack,
  Button,
  Checkbox,
  ChoiceList,
  FormLayout,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { GenerationOptions } from '../../components/generation-options/GenerationOptions.tsx';
import type { Defaults } from '../../components/generation-options/draft.ts';
import { formatCredits } from '../../lib/format.ts';
import type { PromptPreset, RuleView, RulesOverview } from '../../shared/contract.ts';
import { MAX_RULE_COLLECTIONS } from '../../shared/rule-limits.ts';
import {
  collectionNames,
  DESTINATION_LABELS,
  newRuleDraft,
  ruleDraftOf,
  ruleProblems,
  ruleRequest,
  type RuleDraft,
  perColour,
} from './rule-form.ts';
import { t } from '../../i18n/index.ts';

const RULE_KINDS = ['photo', 'video'] as const;
const numbers = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

interface Props {
  /** The rule to edit, or null for a new one. */
  rule: RuleView | null;
  overview: RulesOverview;
  defaults: Defaults;
  presets: PromptPreset[];
  onClose: () => void;
  onSaved: () => void;
}

/** A rule in a modal: which new products, what to make, where it goes, and the daily cap. */
export function RuleEditor({ rule, overview, defaults, presets, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<RuleDraft>(() =>
    rule
      ? ruleDraftOf(rule, overview.dailyCap, presets)
      : newRuleDraft(defaults, overview.dailyCap),
  );
  const [showProblems, setShowProblems] = useState(false);
  // Counts the saves that found problems: each takes the merchant to the first of them (the
  // daily cap's sits below the fold of a long dialog, and nothing moved when it appeared).
  const [problemsFound, setProblemsFound] = useState(0);
  useEffect(() => {
    if (problemsFound === 0) return;
    const first = document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  }, [problemsFound]);
  const save = useAction((request: ReturnType<typeof ruleRequest>) =>
    rule ? api.put<RuleView>(`/rules/${rule.id}`, request) : api.post<RuleView>('/rules', request),
  );
  const update = (change: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...change }));
  const errors = { ...(showProblems ? ruleProblems(draft) : {}), ...save.error?.fields };

  const onSave = async () => {
    if (Object.keys(ruleProblems(draft)).length > 0) {
      setShowProblems(true);
      setProblemsFound((count) => count + 1);
      return;
    }
    if (await save.run(ruleRequest(draft, presets))) {
      shopify.toast.show(t(rule ? 'rules.saved' : 'rules.added'));
      onSaved();
    } else setProblemsFound((count) => count + 1);
  };
  const pickCollections = async () => {
    const picked = await shopify.resourcePicker({
      type: 'collection',
      action: 'select',
      multiple: MAX_RULE_COLLECTIONS,
      selectionIds: draft.collections.map(({ id }) => ({ id })),
    });
    if (picked) update({ collections: picked.map(({ id, title }) => ({ id, title })) });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={rule ? t('rules.editTitle', { name: rule.name }) : t('rules.newTitle')}
      primaryAction={{ content: t('rules.save'), onAction: onSave, loading: save.pending }}
      secondaryActions={[{ content: t('common.cancel'), onAction: onClose }]}
    >
      {save.error ? (
        <Modal.Section>
          <Banner tone="critical" title={t('rules.notSaved')} onDismiss={save.clearError}>
            <p>{save.error.message}</p>
          </Banner>
        </Modal.Section>
      ) : null}
      <Modal.Section>
        <TextField
          label={t('rules.name')}
          value={draft.name}
          onChange={(name) => update({ name })}
          maxLength={80}
          autoComplete="off"
          error={errors.name}
          placeholder={t('rules.namePlaceholder')}
        />
      </Modal.Section>
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            {t('rules.which')}
          </Text>
          <Text as="p" tone="subdued">
            {t('rules.whichHelp')}
          </Text>
          <FormLayout>
            <FormLayout.Group>
              <TextField
                label={t('rules.tags')}
                value={draft.tags}
                onChange={(tags) => update({ tags })}
                autoComplete="off"
                placeholder={t('rules.tagsPlaceholder')}
              />
              <TextField
                label={t('rules.types')}
                value={draft.productTypes}
                onChange={(productTypes) => update({ productTypes })}
                autoComplete="off"
              />
              <TextField
                label={t('rules.vendors')}
                value={draft.vendors}
                onChange={(vendors) => update({ vendors })}
                autoComplete="off"
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack gap="200" blockAlign="center">
            <Button onClick={pickCollections}>{t('rules.chooseCollections')}</Button>
            <Text as="span" tone="subdued">
              {draft.collections.length === 0
                ? t('rules.anyCollection')
                : t('rules.inCollections', { names: collectionNames(draft.collections) })}
            </Text>
            {draft.collections.length > 0 ? (
              <Button variant="plain" onClick={() => update({ collections: [] })}>
                {t('rules.clear')}
              </Button>
            ) : null}
          </InlineStack>
        </BlockStack>
      </Modal.Section>
      <Modal.Section>
        <BlockStack gap="400">
          <GenerationOptions
            draft={draft.generation}
            onChange={(generation) => update({ generation })}
            defaults={defaults}
            presets={presets}
            promptError={errors.prompt ?? errors.presetId}
            presetHelp={t('rules.presetHelp')}
            kinds={RULE_KINDS}
          />
          {draft.generation.kind === 'photo' ? (
            <Checkbox
              label={t('bulk.eachVariant')}
              checked={draft.eachVariant}
              onChange={(eachVariant) => update({ eachVariant })}
              helpText={t('rules.eachVariantHelp')}
            />
          ) : null}
          <FormLayout>
            <FormLayout.Group>
              {perColour(draft) ? null : (
                <Select
                  label={t('rules.resultsPerProduct')}
                  options={numbers(1, 4)}
                  value={String(draft.options)}
                  onChange={(value) => update({ options: Number(value) })}
                  helpText={t('rules.resultsHelp')}
                />
              )}
              <Select
                label={t('rules.imagesSent')}
                options={numbers(1, 10)}
                value={String(draft.imagesSent)}
                onChange={(value) => update({ imagesSent: Number(value) })}
                helpText={t('rules.imagesHelp')}
                error={errors.imagesSent}
              />
            </FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Modal.Section>
      <Modal.Section>
        <ChoiceList
          title={t('rules.where')}
          choices={Object.entries(DESTINATION_LABELS).map(([value, label]) => ({
            value,
            label: t(label),
          }))}
          selected={[draft.destination]}
          onChange={([destination]) =>
            update({ destination: destination as RuleDraft['destination'] })
          }
        />
        {draft.options > 1 && !perColour(draft) && draft.destination !== 'review' ? (
          // rule-holds.ts holds options for a choice whatever the destination says.
          <Text as="p" tone="caution">
            {t('rules.optionsWait', { count: draft.options })}
          </Text>
        ) : null}
      </Modal.Section>
      <Modal.Section>
        <TextField
          label={t('rules.cap')}
          type="number"
          min={1}
          value={draft.dailyCap}
          onChange={(dailyCap) => update({ dailyCap })}
          autoComplete="off"
          suffix={t('rules.capSuffix')}
          requiredIndicator
          error={errors.dailyCap}
          helpText={t(overview.waiting > 0 ? 'rules.capHelpWaiting' : 'rules.capHelp', {
            spent: formatCredits(overview.spentToday),
            count: overview.waiting,
          })}
        />
      </Modal.Section>
    </Modal>
  );
}
