import type { GenerationView } from '../../../src/app-api/contract.ts';
import { appLinks } from '../../shared/app-links.ts';
import { credits, t } from '../../shared/i18n.ts';

/** The generation is queued in the app; its progress and result are on the Activity page. */
export function GenerationStarted(props: { generation: GenerationView; reviewMode: boolean }) {
  const { generation } = props;
  return (
    <s-admin-action heading={t('started.heading')}>
      <s-banner tone="success" heading={t('started.generation')}>
        <s-stack direction="block" gap="small-200">
          <s-paragraph>
            {t(props.reviewMode ? 'started.generationReview' : 'started.generationPublish', {
              credits: credits(generation.estimatedCredits),
            })}
          </s-paragraph>
          <s-link href={appLinks.activity(generation.id)}>{t('started.viewActivity')}</s-link>
        </s-stack>
      </s-banner>
      <s-button slot="primary-action" variant="primary" onClick={() => shopify.close()}>
        {t('actions.done')}
      </s-button>
    </s-admin-action>
  );
}
