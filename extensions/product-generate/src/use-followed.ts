import { useEffect, useState } from 'preact/hooks';
import type { GenerationView } from '../../../src/app-api/contract.ts';
import { appApi } from '../../shared/app-api.ts';
import { isMoving } from '../../shared/generation-progress.ts';

/** As the app's Generate page follows a generation: every 2 s while it moves. */
const POLL_MS = 2_000;

/** The generation as the app has it now, read again every POLL_MS while it moves. */
export function useFollowed(initial: GenerationView): GenerationView {
  const [generation, setGeneration] = useState(initial);
  useEffect(() => {
    if (!isMoving(generation.state)) return;
    let current = true;
    const timer = setTimeout(() => {
      appApi.generation(generation.id).then(
        (next) => current && setGeneration(next),
        // A failed read (network, a restart): keep what is shown and ask again.
        () => current && setGeneration((shown) => ({ ...shown })),
      );
    }, POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [generation]);
  return generation;
}
