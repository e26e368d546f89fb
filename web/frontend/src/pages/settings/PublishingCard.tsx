import { BlockStack, Card, Checkbox, ChoiceList, TextField } from '@shopify/polaris';
import type { EditableSettings } from './settings-form.ts';

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
          label="Review results before they are added to products"
          helpText="Results wait in your Shopify files as “Ready for review” until you approve them in Activity. Rejected ones are discarded."
          checked={settings.reviewMode}
          onChange={(reviewMode) => onChange({ reviewMode })}
        />
        <ChoiceList
          title="Where results go on the product"
          choices={[
            {
              label: 'After the existing media',
              value: 'append',
              helpText: 'Your current featured image stays first.',
            },
            {
              label: 'First, as the featured image',
              value: 'featured',
              helpText: 'Undo puts the previous featured image back.',
            },
          ]}
          selected={[settings.mediaPosition]}
          onChange={([position]) =>
            onChange({ mediaPosition: position === 'featured' ? 'featured' : 'append' })
          }
        />
        <TextField
          label="Alt text template"
          value={settings.altTemplate}
          onChange={(altTemplate) => onChange({ altTemplate })}
          autoComplete="off"
          maxLength={512}
          error={altTemplateError}
          helpText="Describes each result for screen readers and search engines; keep it under 125 characters. {productTitle} is the product's title, {scene} where it is (from the prompt's first sentence, shortened to fit) and {prompt} the whole prompt."
        />
      </BlockStack>
    </Card>
  );
}
