import {
  Banner,
  BlockStack,
  Button,
  ChoiceList,
  FormLayout,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
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
} from './rule-form.ts';

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
  const save = useAction((request: ReturnType<typeof ruleRequest>) =>
    rule ? api.put<RuleView>(`/rules/${rule.id}`, request) : api.post<RuleView>('/rules', request),
  );
  const update = (change: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...change }));
  const errors = { ...(showProblems ? ruleProblems(draft) : {}), ...save.error?.fields };

  const onSave = async () => {
    if (Object.keys(ruleProblems(draft)).length > 0) {
      setShowProblems(true);
      return;
    }
    if (await save.run(ruleRequest(draft, presets))) {
      shopify.toast.show(rule ? 'Rule saved' : 'Rule added');
      onSaved();
    }
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
      title={rule ? `Edit “${rule.name}”` : 'New rule for new products'}
      primaryAction={{ content: 'Save rule', onAction: onSave, loading: save.pending }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      {save.error ? (
        <Modal.Section>
          <Banner tone="critical" title="The rule was not saved" onDismiss={save.clearError}>
            <p>{save.error.message}</p>
          </Banner>
        </Modal.Section>
      ) : null}
      <Modal.Section>
        <TextField
          label="Rule name"
          value={draft.name}
          onChange={(name) => update({ name })}
          maxLength={80}
          autoComplete="off"
          error={errors.name}
          placeholder="Summer dresses on the beach"
        />
      </Modal.Section>
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            Which new products
          </Text>
          <Text as="p" tone="subdued">
            Leave a field empty to take any value; with several filled in, a product must match
            each. Separate values with commas.
          </Text>
          <FormLayout>
            <FormLayout.Group>
              <TextField
                label="Tags"
                value={draft.tags}
                onChange={(tags) => update({ tags })}
                autoComplete="off"
                placeholder="summer, new"
              />
              <TextField
                label="Product types"
                value={draft.productTypes}
                onChange={(productTypes) => update({ productTypes })}
                autoComplete="off"
              />
              <TextField
                label="Vendors"
                value={draft.vendors}
                onChange={(vendors) => update({ vendors })}
                autoComplete="off"
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack gap="200" blockAlign="center">
            <Button onClick={pickCollections}>Choose collections</Button>
            <Text as="span" tone="subdued">
              {draft.collections.length === 0
                ? 'Any collection'
                : `In ${collectionNames(draft.collections)}`}
            </Text>
            {draft.collections.length > 0 ? (
              <Button variant="plain" onClick={() => update({ collections: [] })}>
                Clear
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
            presetHelp="The rule follows the preset: edit the preset in Settings and new products get its new prompt. Edit the prompt here and it is the rule's own."
            kinds={RULE_KINDS}
          />
          <FormLayout>
            <FormLayout.Group>
              <Select
                label="Results per product"
                options={numbers(1, 4)}
                value={String(draft.options)}
                onChange={(value) => update({ options: Number(value) })}
                helpText="Each is its own request and charge; several wait for you to choose one."
              />
              <Select
                label="Product images sent"
                options={numbers(1, 10)}
                value={String(draft.imagesSent)}
                onChange={(value) => update({ imagesSent: Number(value) })}
                helpText="Its first images, in order."
                error={errors.imagesSent}
              />
            </FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Modal.Section>
      <Modal.Section>
        <ChoiceList
          title="Where results go"
          choices={Object.entries(DESTINATION_LABELS).map(([value, label]) => ({ value, label }))}
          selected={[draft.destination]}
          onChange={([destination]) =>
            update({ destination: destination as RuleDraft['destination'] })
          }
        />
        {draft.options > 1 && draft.destination !== 'review' ? (
          // rule-holds.ts holds options for a choice whatever the destination says.
          <Text as="p" tone="caution">
            With {draft.options} results per product, they wait for your review in Activity: you
            choose the one that goes on the product.
          </Text>
        ) : null}
      </Modal.Section>
      <Modal.Section>
        <TextField
          label="Daily credit cap for automatic photos"
          type="number"
          min={1}
          value={draft.dailyCap}
          onChange={(dailyCap) => update({ dailyCap })}
          autoComplete="off"
          suffix="credits a day"
          requiredIndicator
          error={errors.dailyCap}
          helpText={`For all rules of the store. Spent today: ${formatCredits(overview.spentToday)}. Work over the cap waits for the next day${overview.waiting > 0 ? ` (${overview.waiting} waiting now)` : ''}.`}
        />
      </Modal.Section>
    </Modal>
  );
}
