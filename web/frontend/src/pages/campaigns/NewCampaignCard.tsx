import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  Divider,
  FormLayout,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useDebouncedPost } from '../../api/useDebouncedPost.ts';
import { ActionErrorBanner } from '../../components/ActionErrorBanner.tsx';
import { useConfirm } from '../../components/ConfirmModal.tsx';
import { initialDraft, type Draft } from '../../components/generation-options/draft.ts';
import { ProblemList } from '../../components/ProblemList.tsx';
import { formatCredits, formatNumber } from '../../lib/format.ts';
import { acceptedOptions } from '../../shared/models.ts';
import type {
  BulkEstimate,
  CampaignView,
  CreateCampaignRequest,
  SettingsView,
} from '../../shared/contract.ts';
import { EstimateSummary } from '../bulk-runs/EstimateSummary.tsx';
import { TargetAndOptions } from '../bulk-runs/TargetAndOptions.tsx';
import type { ChosenTarget } from '../bulk-runs/TargetPicker.tsx';
import { defaultSchedule } from './schedule.ts';

interface Props {
  settings: SettingsView;
  timeZone: string;
  onCreated: () => void;
}

export function NewCampaignCard({ settings, timeZone, onCreated }: Props) {
  const [name, setName] = useState('Holiday scenes');
  const [chosen, setChosen] = useState<ChosenTarget | null>(null);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(settings.defaults));
  const [schedule, setSchedule] = useState(() => defaultSchedule(timeZone));
  // As every other result: reviewed first when Settings says so, unless changed for this one.
  const [reviewFirst, setReviewFirst] = useState(settings.reviewMode);
  const confirm = useConfirm();
  const create = useAction((request: CreateCampaignRequest) =>
    api.post<CampaignView>('/campaigns', request),
  );

  const reasons = [
    ...(settings.apiKey.state === 'valid' ? [] : ['Add a valid ProductAI API key in Settings.']),
    ...(name.trim() ? [] : ['Name the campaign.']),
    ...(chosen ? [] : ['Choose a collection or products.']),
    ...(acceptedOptions(draft.kind, draft.params.model).usesPrompt && !draft.params.prompt?.trim()
      ? ['Write a prompt or choose a preset.']
      : []),
    ...(schedule.endsAt <= schedule.startsAt ? ['The end must come after the start.'] : []),
  ];
  const run = chosen ? { target: chosen.target, kind: draft.kind, ...draft.params } : null;
  const estimate = useDebouncedPost<BulkEstimate>(
    '/bulk-runs/estimate',
    reasons.length === 0 ? run : null,
  );
  const problems = [...reasons, ...(estimate.data?.problems ?? [])];

  // Scheduling spends credits now: the confirmation says on what, and what goes live at the start.
  const askToSchedule = () => {
    const planned = estimate.data;
    if (!planned) return;
    const products = planned.toProcess;
    confirm.ask({
      title: `Schedule “${name.trim()}”?`,
      consequences: [
        `Scenes for ${formatNumber(products)} ${products === 1 ? 'product are' : 'products are'} made now, for ${formatCredits(planned.estimatedCredits)}, and wait in Files until the start.`,
        reviewFirst
          ? 'Only the scenes you approve in Activity go live at the start; the others are discarded at the end.'
          : 'Every scene goes live at the start, without review.',
      ],
      confirm: 'Schedule campaign',
      destructive: false,
      run: () => void onCreate(),
    });
  };

  const onCreate = async () => {
    if (!run) return;
    const created = await create.run({ ...run, name: name.trim(), ...schedule, reviewFirst });
    if (created) {
      shopify.toast.show('Campaign scheduled');
      setChosen(null);
      onCreated();
    }
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          New campaign
        </Text>
        <TextField label="Name" value={name} onChange={setName} autoComplete="off" />
        <TargetAndOptions
          chosen={chosen}
          onChoose={setChosen}
          draft={draft}
          onDraft={setDraft}
          settings={settings}
        />
        <Divider />
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label="Starts"
              type="datetime-local"
              value={schedule.startsAt}
              onChange={(startsAt) => setSchedule({ ...schedule, startsAt })}
              autoComplete="off"
            />
            <TextField
              label="Ends"
              type="datetime-local"
              value={schedule.endsAt}
              onChange={(endsAt) => setSchedule({ ...schedule, endsAt })}
              autoComplete="off"
              error={create.error?.fields?.endsAt}
            />
          </FormLayout.Group>
        </FormLayout>
        <Text as="p" tone="subdued">
          Times are your store’s ({timeZone}). Scenes are made now and wait in Files; at the start
          they become each product’s featured image, and at the end the previous one is put back.
        </Text>
        <Checkbox
          label="Let me review the scenes first"
          helpText={`Only scenes you approve in Activity go live. Your store's setting: ${
            settings.reviewMode ? 'review first' : 'publish at once'
          } (Settings › Publishing).`}
          checked={reviewFirst}
          onChange={setReviewFirst}
        />
        <EstimateSummary estimate={estimate} budget={undefined} />
        <ProblemList problems={problems} />
        <Button
          variant="primary"
          fullWidth
          disabled={problems.length > 0 || !estimate.data}
          loading={create.pending}
          onClick={askToSchedule}
        >
          Schedule campaign
        </Button>
        {confirm.modal}
        <ActionErrorBanner title="The campaign was not scheduled" action={create} />
      </BlockStack>
    </Card>
  );
}
