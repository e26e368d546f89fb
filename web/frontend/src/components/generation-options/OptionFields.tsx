import { Checkbox, FormLayout, Select, Text } from '@shopify/polaris';
import { t } from '../../i18n/index.ts';
import { labelOf } from '../../i18n/coded-text.ts';
import { acceptedOptions, optionLabelText } from '../../shared/models.ts';
import type { GenerationKind, GenerationParams } from '../../shared/contract.ts';

interface Props {
  kind: GenerationKind;
  params: GenerationParams;
  onChange: (change: Partial<GenerationParams>) => void;
}

function choices(values: readonly string[]) {
  return values.map((value) => ({ value, label: labelOf(optionLabelText(value)) }));
}

/** Only the options the chosen kind and model accept, with only the values they accept. */
export function OptionFields({ kind, params, onChange }: Props) {
  const accepted = acceptedOptions(kind, params.model);
  const duration = accepted.duration;
  return (
    <FormLayout>
      <FormLayout.Group>
        {accepted.aspectRatios.length > 0 ? (
          <Select
            label={t('options.aspectRatio')}
            options={choices(accepted.aspectRatios)}
            value={params.aspectRatio}
            onChange={(aspectRatio) => onChange({ aspectRatio })}
          />
        ) : null}
        {accepted.resolutions.length > 0 ? (
          <Select
            label={t('options.resolution')}
            options={choices(accepted.resolutions)}
            value={params.resolution}
            onChange={(resolution) => onChange({ resolution })}
          />
        ) : null}
        {accepted.outputFormats.length > 0 ? (
          <Select
            label={t('options.fileFormat')}
            options={choices(accepted.outputFormats)}
            value={params.outputFormat}
            onChange={(outputFormat) => onChange({ outputFormat: outputFormat as 'png' | 'jpg' })}
          />
        ) : null}
        {duration ? (
          <Select
            label={t('options.length')}
            options={[
              ...(duration.auto ? [{ value: 'auto', label: t('options.lengthAuto') }] : []),
              ...Array.from({ length: duration.max - duration.min + 1 }, (_, index) => {
                const seconds = duration.min + index;
                return { value: String(seconds), label: t('options.seconds', { count: seconds }) };
              }),
            ]}
            value={String(params.duration)}
            onChange={(value) => onChange({ duration: value === 'auto' ? 'auto' : Number(value) })}
          />
        ) : null}
      </FormLayout.Group>
      {accepted.fixedResolution ? (
        <Text as="p" tone="subdued">
          {t('options.fixedResolution', { resolution: accepted.fixedResolution })}
        </Text>
      ) : null}
      {accepted.audio ? (
        <Checkbox
          label={t('options.soundtrack')}
          checked={params.generateAudio ?? true}
          onChange={(generateAudio) => onChange({ generateAudio })}
        />
      ) : null}
    </FormLayout>
  );
}
