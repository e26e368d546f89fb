import type { GenerationView } from '../../../src/app-api/contract.ts';
import { appLinks } from '../../shared/app-links.ts';
import { credits, t } from '../../shared/i18n.ts';
import { Started } from '../../shared/Started.tsx';

/** The generation is queued in the app; its progress and result are on the Activity page. */
export function GenerationStarted(props: { generation: GenerationView; reviewMode: boolean }) {
  const { generation } = props;
  return (
    <Started
      heading={t('started.generation')}
      message={t(props.reviewMode ? 'started.generationReview' : 'started.generationPublish', {
        credits: credits(generation.estimatedCredits),
      })}
      link={{ href: appLinks.activity(generation.id), label: t('started.viewActivity') }}
    />
  );
}
