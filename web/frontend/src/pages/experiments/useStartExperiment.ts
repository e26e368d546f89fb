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
export function canStartExperiment(generation: GenerationView): boolean {
  return generation.kind === 'photo' && generation.state === 'published';
}

/**
 * "Test against the original": starts an experiment with the start form's options
 * (StartExperimentForm) and opens its card on the Experiments page. A refusal (409: a campaign
 * holds the product, it is in an experiment already…) stays in `error`.
 */
export function useStartExperiment() {
  const action = useAction((generation: GenerationView, options: StartOptions) =>
    api.post<ExperimentView>('/experiments', {
      productId: generation.product.id,
      generationIds: [generation.id],
      ...options,
    }),
  );
  return {
    pending: action.pending,
    error: action.error,
    clearError: action.clearError,
    async start(generation: GenerationView, options: StartOptions) {
      const experiment = await action.run(generation, options);
      if (!experiment) return;
      shopify.toast.show(t('experiments.start.started'));
      navigate(`/experiments?experiment=${encodeURIComponent(experiment.id)}`);
    },
  };
}
