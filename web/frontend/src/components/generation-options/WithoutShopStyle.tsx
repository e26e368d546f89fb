import { Checkbox } from '@shopify/polaris';
import { t } from '../../i18n/index.ts';
import type { GenerationKind, SettingsView } from '../../shared/contract.ts';

interface Props {
  style: SettingsView['style'];
  kind: GenerationKind;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * "Without the shop style": this request is sent as written (`style: 'none'`), for a photo the
 * shop's look does not suit. Shown only when the shop has a style; an upscale never uses one.
 */
export function WithoutShopStyle({ style, kind, checked, onChange }: Props) {
  const hasStyle = style.phrase !== '' || style.reference !== null;
  if (!hasStyle || kind === 'upscale') return null;
  return (
    <Checkbox
      label={t('options.withoutStyle')}
      helpText={t('options.withoutStyleHelp')}
      checked={checked}
      onChange={onChange}
    />
  );
}
