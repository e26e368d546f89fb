import { Banner } from '@shopify/polaris';
import type { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { startRefusal } from './experiment-wording.ts';

interface Props {
  error: ApiError;
  onDismiss: () => void;
}

/** Why an experiment did not start: the refusal's plain words (what to do), else the server's. */
export function StartRefusedBanner({ error, onDismiss }: Props) {
  return (
    <Banner tone="critical" title={t('experiments.start.notStarted')} onDismiss={onDismiss}>
      <p>{startRefusal(error.code) ?? error.message}</p>
    </Banner>
  );
}
