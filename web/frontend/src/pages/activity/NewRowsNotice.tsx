import { Button } from '@shopify/polaris';
import type { ReactNode } from 'react';
import styles from './NewRowsNotice.module.css';
import { t } from '../../i18n/index.ts';

interface Props {
  /** Generations made since the rows were shown, held back. */
  held: number;
  onShow: () => void;
  /** The table the notice floats over. */
  children: ReactNode;
}

/** "3 new — Show": floats over the table's top, so the rows under the merchant stay put. */
export function NewRowsNotice({ held, onShow, children }: Props) {
  return (
    <div className={styles.anchor}>
      <div className={styles.notice} aria-live="polite">
        {held > 0 ? (
          <Button variant="primary" onClick={onShow}>
            {t('activity.newRows', { count: held })}
          </Button>
        ) : null}
      </div>
      {children}
    </div>
  );
}
