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
import { t } from '../../i18n/index.ts';
import { problemTexts } from '../../i18n/coded-text.ts';
import { formatCredits } from '../../lib/format.ts';
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
  onCreated: (campaign: CampaignView) => void;
}

export function NewCampaignCard({ settings, timeZone, onCreated }: Props) {
  const [name, setName] = useState(() => t('campaigns.defaultName'));
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
    ...(settings.apiKey.state === 'valid' ? [] : [t('generate.blockers.key')]),
    ...(name.trim() ? [] : [t('campaigns.blockers.name')]),
    ...(chosen ? [] : [t('bulk.blockers.target')]),
    ...(acceptedOptions(draft.kind, draft.params.model).usesPrompt && !draft.params.prompt?.trim()
      ? [t('generate.blockers.prompt')]
      : []),
    ...(schedule.endsAt <= schedule.startsAt ? [t('campaigns.blockers.order')] : []),
  ];
  const run = chosen ? { target: chosen.target, kind: draft.kind, ...draft.params } : null;
  const estimate = useDebouncedPost<BulkEstimate>(
    '/bulk-runs/estimate',
    reasons.length === 0 ? run : null,
  );
  const problems = [...reasons, ...(estimate.data ? problemTexts(estimate.data) : [])];

  // Scheduling spends credits now: the confirmation says on what, and what goes live at the start.
  const askToSchedule = () => {
    const planned = estimate.data;
    if (!planned) return;
    const products = planned.toProcess;
    confirm.ask({
      title: t('campaigns.scheduleTitle', { name: name.trim() }),
      consequences: [
        t('campaigns.scheduleMade', {
          count: products,
          credits: formatCredits(planned.estimatedCredits),
        }),
        t(reviewFirst ? 'campaigns.scheduleReview' : 'campaigns.scheduleLive'),
      ],
      confirm: t('campaigns.schedule'),
      destructive: false,
      run: () => void onCreate(),
    });
  };

  const onCreate = async () => {
    if (!run) return;
    const created = await create.run({ ...run, name: name.trim(), ...schedule, reviewFirst });
    if (created) {
      shopify.toast.show(t('campaigns.scheduled'));
      // The page gives the next campaign a new form (CampaignsPage).
      onCreated(created);
    }
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('campaigns.new')}
        </Text>
        <TextField label={t('campaigns.name')} value={name} onChange={setName} autoComplete="off" />
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
              label={t('campaigns.starts')}
              type="datetime-local"
              value={schedule.startsAt}
              onChange={(startsAt) => setSchedule({ ...schedule, startsAt })}
              autoComplete="off"
            />
            <TextField
              label={t('campaigns.ends')}
              type="datetime-local"
              value={schedule.endsAt}
              onChange={(endsAt) => setSchedule({ ...schedule, endsAt })}
              autoComplete="off"
              error={create.error?.fields.endsAt}
            />
          </FormLayout.Group>
        </FormLayout>
        <Text as="p" tone="subdued">
          {t('campaigns.times', { timeZone })}
        </Text>
        <Checkbox
          label={t('campaigns.reviewFirst')}
          helpText={t('campaigns.reviewFirstHelp', {
            setting: t(settings.reviewMode ? 'campaigns.settingReview' : 'campaigns.settingLive'),
          })}
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
          {t('campaigns.schedule')}
        </Button>
        {confirm.modal}
        <ActionErrorBanner title={t('campaigns.notScheduled')} action={create} />
      </BlockStack>
    </Card>
  );
}
