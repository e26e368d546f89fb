import { BlockStack, Card } from '@shopify/polaris';
import { ModelSelect } from '../../components/generation-options/ModelSelect.tsx';
import { OptionFields } from '../../components/generation-options/OptionFields.tsx';
import { fitParams } from '../../shared/models.ts';
import type { GenerationParams, SettingsView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

type Defaults = SettingsView['defaults'];

interface Props {
  defaults: Defaults;
  onChange: (defaults: Defaults) => void;
}

/** Default photo model and options; choosing a model keeps only the options it accepts. */
export function DefaultsCard({ defaults, onChange }: Props) {
  const params: GenerationParams = fitParams('photo', { model: defaults.model }, defaults);
  const change = (update: Partial<GenerationParams>) => {
    const fitted = fitParams('photo', { ...params, ...update }, defaults);
    onChange({
      model: fitted.model ?? defaults.model,
      aspectRatio: fitted.aspectRatio ?? defaults.aspectRatio,
      // A model without a resolution choice keeps the saved one for the models that have it.
      resolution: fitted.resolution ?? defaults.resolution,
      outputFormat: fitted.outputFormat ?? defaults.outputFormat,
    });
  };
  return (
    <Card>
      <BlockStack gap="400">
        <ModelSelect
          kind="photo"
          model={params.model}
          onChange={(model) => change({ model })}
          label={t('settings.defaults.model')}
        />
        <OptionFields kind="photo" params={params} onChange={change} />
      </BlockStack>
    </Card>
  );
}
