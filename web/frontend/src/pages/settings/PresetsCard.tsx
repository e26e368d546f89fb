import { BlockStack, Button, Card, Divider, Text } from '@shopify/polaris';
import { Fragment } from 'react';
import type { PromptPreset } from '../../shared/contract.ts';
import { PresetEditor } from './PresetEditor.tsx';
import { t } from '../../i18n/index.ts';

const MAX_PRESETS = 50;

interface Props {
  presets: PromptPreset[];
  onChange: (presets: PromptPreset[]) => void;
  /** Field errors keyed `presets.<index>.name|prompt`. */
  errors: Record<string, string>;
}

export function PresetsCard({ presets, onChange, errors }: Props) {
  const replace = (index: number, preset: PromptPreset) =>
    onChange(presets.map((current, i) => (i === index ? preset : current)));
  const add = () => onChange([...presets, { id: crypto.randomUUID(), name: '', prompt: '' }]);
  return (
    <Card>
      <BlockStack gap="400">
        {presets.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('settings.presets.none')}
          </Text>
        ) : null}
        {presets.map((preset, index) => (
          <Fragment key={preset.id}>
            {index > 0 ? <Divider /> : null}
            <PresetEditor
              preset={preset}
              position={index + 1}
              onChange={(next) => replace(index, next)}
              onRemove={() => onChange(presets.filter((_, i) => i !== index))}
              nameError={errors[`presets.${index}.name`]}
              promptError={errors[`presets.${index}.prompt`]}
            />
          </Fragment>
        ))}
        <div>
          <Button onClick={add} disabled={presets.length >= MAX_PRESETS}>
            {t('settings.presets.add')}
          </Button>
        </div>
      </BlockStack>
    </Card>
  );
}
