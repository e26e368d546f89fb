import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { navigate } from '../../router/location.ts';
import { t } from '../../i18n/index.ts';
import type {
  ExperimentView,
  GenerationView,
  StartExperimentRequest,
} from '../../shared/contract.ts';

/** What the start form adds to the product and the AI photo: the experiment's options. */
export type StartOptions = Omit<StartExperimentRequest, 'productId' | 'generationIds'>;

/** A published AI photo can be tested against the product's original featured image. */
export { isTestable as canStartExperiment } from '../../shared/experiment-arms.ts';

/**
 * "Test against the original": starts an experiment on the product of `generations` (the AI
 * photos, one arm each: one, or up to three results of one click) with the start form's options
 * (StartExperimentForm) and opens its card on the Experiments page. A refusal (409: a campaign
 * holds the product, it is in an experiment already…) stays in `error`.
 */
export function useStartExperiment() {
  const action = useAction((generations: readonly GenerationView[], options: StartOptions) =>
    api.post<ExperimentView>('/experiments', {
      productId: generations[0]!.product.id,
      generationIds: generations.map((generation) => generation.id),
      ...options,
    }),
  );
  return {
    pending: action.pending,
    error: action.error,
    clearError: action.clearError,
    async start(generations: readonly GenerationView[], options: StartOptions) {
      const experiment = await action.run(generations, options);
      if (!experiment) return;
      shopify.toast.show(t('experiments.start.started'));
      navigate(`/experiments?experiment=${encodeURIComponent(experiment.id)}`);
    },
  };
}
