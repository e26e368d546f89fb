import { useEffect, useState } from 'preact/hooks';
import type { GenerationView } from '../../../src/app-api/contract.ts';
import { appApi } from '../../shared/app-api.ts';
import { isMoving, STEP_OF, STEPS } from '../../shared/generation-progress.ts';
import { t } from '../../shared/i18n.ts';

/** As one generation is followed (use-followed.ts): every 2 s while any of the set moves. */
const POLL_MS = 2_000;

/** The set's generations as the app has them now; the first is known, the others once read. */
function useFollowedSet(first: GenerationView, ids: readonly string[]) {
  const [known, setKnown] = useState<ReadonlyMap<string, GenerationView>>(
    () => new Map([[first.id, first]]),
  );
  const moving = ids.some((id) => {
    const generation = known.get(id);
    return !generation || isMoving(generation.state);
  });
  useEffect(() => {
    if (!moving) return;
    let current = true;
    const timer = setTimeout(() => {
      const asked = ids.filter((id) => {
        const generation = known.get(id);
        return !generation || isMoving(generation.state);
      });
      // A failed read (network, a restart) keeps what is shown and asks again.
      Promise.all(asked.map((id) => appApi.generation(id).catch(() => known.get(id)))).then(
        (read) => {
          if (!current) return;
          const next = new Map(known);
          for (const generation of read) if (generation) next.set(generation.id, generation);
          setKnown(next);
        },
      );
    }, POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [known, moving, ids]);
  return ids.map((id) => known.get(id) ?? null);
}

/**
 * A set's progress (one photo for each colour) as one generation's steps (GenerationSteps.tsx):
 * a step is done once every photo of the set is past it, else now while some are at it (how
 * many), else how many are past it, or next; a live line says how many are on the product, so
 * a set's started screen follows its photos as a single photo's does.
 */
export function SetSteps({ first, ids }: { first: GenerationView; ids: readonly string[] }) {
  const set = useFollowedSet(first, ids);
  // A photo not read yet is queued; one that ended elsewhere (review, failed) is past every step.
  const at = set.map((generation) => {
    if (!generation) return 0;
    const step = STEP_OF[generation.state];
    return step === null ? STEPS.length : STEPS.indexOf(step);
  });
  const onProduct = set.filter((generation) => generation?.state === 'published').length;
  const status = (index: number) => {
    const last = index === STEPS.length - 1;
    const past = last ? onProduct : at.filter((step) => step > index).length;
    const here = last ? 0 : at.filter((step) => step === index).length;
    if (past === ids.length) return t('progress.done');
    if (here > 0) return t('progress.nowSome', { count: here });
    return past > 0 ? t('progress.someDone', { count: past }) : t('progress.next');
  };
  return (
    <s-section heading={t('progress.heading')}>
      <s-stack direction="block" gap="small-200">
        <s-ordered-list>
          {STEPS.map((name, index) => (
            <s-list-item key={name}>
              {t('progress.stepStatus', {
                step: t(`progress.steps.${name}`),
                status: status(index),
              })}
            </s-list-item>
          ))}
        </s-ordered-list>
        <s-box accessibilityRole="status">
          <s-paragraph>
            {t('progress.setOnProduct', { done: onProduct, count: ids.length })}
          </s-paragraph>
        </s-box>
      </s-stack>
    </s-section>
  );
}
