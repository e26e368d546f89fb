import { bulkRunName } from '../../../src/app-api/bulk-run-name.ts';
import type { BulkRunView } from '../../../src/app-api/contract.ts';
import type { ShopClock } from '../../../src/app-api/shop-time.ts';
import { appLinks } from '../app-links.ts';
import { t } from '../i18n.ts';
import { extensionFormatDate } from '../shop-clock.ts';
import { Started } from '../Started.tsx';

/** The run exists; its progress, pause and cancel live in the app. */
export function BulkRunStarted({ run, clock }: { run: BulkRunView; clock: ShopClock }) {
  return (
    <Started
      heading={t('started.bulkRun', { name: bulkRunName(run, clock, extensionFormatDate) })}
      message={t('started.bulkRunHelp')}
      link={{ href: appLinks.bulkRun(run.id), label: t('started.followProgress') }}
    />
  );
}
