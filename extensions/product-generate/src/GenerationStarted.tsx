import type { CreatedGeneration } from '../../../src/app-api/contract.ts';
import { appLinks } from '../../shared/app-links.ts';
import { credits, t } from '../../shared/i18n.ts';
import { Started } from '../../shared/Started.tsx';
import { GenerationSteps } from './GenerationSteps.tsx';

/**
 * The generation is queued in the app; its progress shows here until the photo is on the product
 * (and on the Activity page). Several
 * results wait in the app's Generate page, side by side, for the merchant to choose one. A set
 * (one photo for each colour) is followed in Activity, filtered to the product.
 */
export function GenerationStarted(props: {
  generation: CreatedGeneration;
  options: number;
  reviewMode: boolean;
  productTitle: string;
}) {
  const { generation, options } = props;
  if (generation.variantSet) {
    const number = generation.variantSet.generationIds.length;
    return (
      <Started
        heading={t('started.set', {
          count: number,
          option: generation.variantSet.option.toLowerCase(),
        })}
        message={t(props.reviewMode ? 'started.setReview' : 'started.setPublish', {
          count: number,
          credits: credits(generation.estimatedCredits * number),
        })}
        link={{
          href: appLinks.productActivity(generation.product.id, props.productTitle),
          label: t('started.viewActivity'),
        }}
      />
    );
  }
  if (options > 1) {
    return (
      <Started
        heading={t('started.options', { number: options })}
        message={t('started.optionsReview', {
          number: options,
          credits: credits(generation.estimatedCredits * options),
        })}
        link={{ href: appLinks.generation(generation.id), label: t('started.chooseInApp') }}
      />
    );
  }
  return (
    <Started
      heading={t('started.generation')}
      message={t(props.reviewMode ? 'started.generationReview' : 'started.generationPublish', {
        credits: credits(generation.estimatedCredits),
      })}
      link={{ href: appLinks.activity(generation.id), label: t('started.viewActivity') }}
    >
      <GenerationSteps generation={generation} />
    </Started>
  );
}
