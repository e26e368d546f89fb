import type { BulkRunView } from '../../../src/app-api/contract.ts';
import { appLinks } from '../app-links.ts';
import { t } from '../i18n.ts';

/** The run exists; its progress, pause and cancel live in the app. */
export function BulkRunStarted({ run }: { run: BulkRunView }) {
  return (
    <s-admin-action heading={t('started.heading')}>
      <s-banner tone="success" heading={t('started.bulkRun', { title: run.title })}>
        <s-stack direction="block" gap="small-200">
          <s-paragraph>{t('started.bulkRunHelp')}</s-paragraph>
          <s-link href={appLinks.bulkRun(run.id)}>{t('started.followProgress')}</s-link>
        </s-stack>
      </s-banner>
      <s-button slot="primary-action" variant="primary" onClick={() => shopify.close()}>
        {t('actions.done')}
      </s-button>
    </s-admin-action>
  );
}
