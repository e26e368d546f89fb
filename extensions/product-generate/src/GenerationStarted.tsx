import type { CreatedGeneration, GenerationView } from '../../../src/app-api/contract.ts';
import type { ShopClock } from '../../../src/app-api/shop-time.ts';
import { appLinks } from '../../shared/app-links.ts';
import { fidelityReasons, isFlagged } from '../../shared/fidelity.tsx';
import { credits, t } from '../../shared/i18n.ts';
import { Started } from '../../shared/Started.tsx';
import { GenerationSteps } from './GenerationSteps.tsx';
import { SetSteps } from './SetSteps.tsx';
import { useFollowed } from './use-followed.ts';

/**
 * The generation is queued in the app; its progress shows here until the photo is on the product
 * (and on the Activity page). Several
 * results wait in the app's Generate page, side by side, for the merchant to choose one. A set
 * (one photo for each colour) shows its steps here too, and is followed in Activity, filtered to
 * the product.
 */
export function GenerationStarted(props: {
  generation: CreatedGeneration;
  options: number;
  reviewMode: boolean;
  productTitle: string;
  /** The shop's clock: the steps say until when a generation waits on it. */
  clock: ShopClock;
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
      >
        <SetSteps first={generation} ids={generation.variantSet.generationIds} />
      </Started>
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
  return <OneGeneration created={generation} reviewMode={props.reviewMode} clock={props.clock} />;
}

/**
 * One generation, followed until it is on the product. The banner says what will happen to it,
 * and once the product check holds the result, that it waits for the merchant and why (it is not
 * added to the product on its own then, whatever the shop's review setting).
 */
function OneGeneration({
  created,
  reviewMode,
  clock,
}: {
  created: GenerationView;
  reviewMode: boolean;
  clock: ShopClock;
}) {
  const generation = useFollowed(created);
  const held = generation.state === 'in_review' && isFlagged(generation.fidelity);
  return (
    <Started
      tone={held ? 'warning' : 'success'}
      heading={t(held ? 'started.held' : 'started.generation')}
      message={
        held
          ? t('started.heldMessage', { reasons: fidelityReasons(generation.fidelity!) })
          : t(reviewMode ? 'started.generationReview' : 'started.generationPublish', {
              credits: credits(generation.estimatedCredits),
            })
      }
      link={{
        href: appLinks.activity(generation.id),
        label: t(held ? 'started.reviewInApp' : 'started.viewActivity'),
      }}
    >
      <GenerationSteps generation={generation} clock={clock} />
    </Started>
  );
}
