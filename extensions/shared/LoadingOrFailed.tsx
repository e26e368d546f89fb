import { DeadEnd } from './DeadEnd.tsx';
import { ErrorBanner } from './errors.tsx';
import type { Loaded } from './use-load.ts';

/**
 * An action whose data is not there yet: the admin's loading frame while it loads, and a dead
 * end saying why when the load failed.
 */
export function LoadingOrFailed(props: {
  heading: string;
  loaded: Exclude<Loaded<unknown>, { state: 'ready' }>;
}) {
  const { heading, loaded } = props;
  if (loaded.state === 'loading') return <s-admin-action heading={heading} loading />;
  return (
    <DeadEnd heading={heading}>
      <ErrorBanner error={loaded.error} />
    </DeadEnd>
  );
}
