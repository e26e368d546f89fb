import { Card, ChoiceList } from '@shopify/polaris';
import type { ChannelId } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  channels: ChannelId[];
  onChange: (channels: ChannelId[]) => void;
}

/** In the order the server lists them (src/channels/channel-ids.ts). */
const CHANNELS = [
  {
    value: 'storefront',
    label: 'settings.channels.storefront',
    help: 'settings.channels.storefrontHelp',
  },
  { value: 'google', label: 'settings.channels.google', help: 'settings.channels.googleHelp' },
  { value: 'amazon', label: 'settings.channels.amazon', help: 'settings.channels.amazonHelp' },
] as const satisfies readonly { value: ChannelId; label: string; help: string }[];

/** The channels the shop's results are checked for (none: nothing is checked). */
export function ChannelsCard({ channels, onChange }: Props) {
  return (
    <Card>
      <ChoiceList
        allowMultiple
        title={t('settings.channels.label')}
        choices={CHANNELS.map((channel) => ({
          value: channel.value,
          label: t(channel.label),
          helpText: t(channel.help),
        }))}
        selected={channels}
        onChange={(selected) =>
          onChange(CHANNELS.map((channel) => channel.value).filter((id) => selected.includes(id)))
        }
      />
    </Card>
  );
}
