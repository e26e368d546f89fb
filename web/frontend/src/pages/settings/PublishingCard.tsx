import { BlockStack, Card, Checkbox, ChoiceList, TextField } from '@shopify/polaris';
import type { EditableSettings } from './settings-form.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  settings: EditableSettings;
  onChange: (change: Partial<EditableSettings>) => void;
  altTemplateError?: string;
}

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
