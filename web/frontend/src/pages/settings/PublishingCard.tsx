import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  ChoiceList,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import type { FidelityGuard } from '../../shared/contract.ts';
import type { EditableSettings } from './settings-form.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  settings: EditableSettings;
  onChange: (change: Partial<EditableSettings>) => void;
  altTemplateError?: string;
}

const GUARDS: readonly FidelityGuard[] = ['changed', 'check_it', 'off'];
const GUARD_LABELS = {
  changed: 'settings.publishing.guardChanged',
  check_it: 'settings.publishing.guardCheckIt',
  off: 'settings.publishing.guardOff',
} as const;

/** 0 to 3 more tries of a changed result (contract.ts `FidelityRetries`). */
const RETRIES = [0, 1, 2, 3] as const;

export function PublishingCard({ settings, onChange, altTemplateError }: Props) {
  return (
    <Card>
      <BlockStack gap="400">
        <Checkbox
          label={t('settings.publishing.review')}
          helpText={t('settings.publishing.reviewHelp')}
          checked={settings.reviewMode}
          onChange={(reviewMode) => onChange({ reviewMode })}
        />
        <ChoiceList
          title={t('settings.publishing.where')}
          choices={[
            {
              label: t('settings.publishing.append'),
              value: 'append',
              helpText: t('settings.publishing.appendHelp'),
            },
            {
              label: t('settings.publishing.featured'),
              value: 'featured',
              helpText: t('settings.publishing.featuredHelp'),
            },
          ]}
          selected={[settings.mediaPosition]}
          onChange={([position]) =>
            onChange({ mediaPosition: position === 'featured' ? 'featured' : 'append' })
          }
        />
        <BlockStack gap="200">
          <ChoiceList
            title={t('settings.publishing.guard')}
            choices={GUARDS.map((guard) => ({ label: t(GUARD_LABELS[guard]), value: guard }))}
            selected={[settings.fidelityGuard]}
            onChange={([guard]) =>
              onChange({ fidelityGuard: GUARDS.find((known) => known === guard) ?? 'changed' })
            }
          />
          <Text as="p" tone="subdued">
            {t('settings.publishing.guardHelp')}
          </Text>
          {settings.fidelityGuard === 'off' ? (
            <Banner tone="warning">
              <p>{t('settings.publishing.guardOffWarning')}</p>
            </Banner>
          ) : null}
          <Select
            label={t('settings.publishing.retries')}
            options={RETRIES.map((count) => ({
              label:
                count === 0
                  ? t('settings.publishing.retriesNone')
                  : t('settings.publishing.retriesUpTo', { count }),
              value: String(count),
            }))}
            value={String(settings.fidelityRetries)}
            onChange={(value) => onChange({ fidelityRetries: Number(value) })}
            helpText={t('settings.publishing.retriesHelp')}
            disabled={settings.fidelityGuard === 'off'}
          />
        </BlockStack>
        <TextField
          label={t('settings.publishing.alt')}
          value={settings.altTemplate}
          onChange={(altTemplate) => onChange({ altTemplate })}
          autoComplete="off"
          maxLength={512}
          error={altTemplateError}
          helpText={t('settings.publishing.altHelp')}
        />
      </BlockStack>
    </Card>
  );
}
