import type { ComponentChildren } from 'preact';
import { t } from './i18n.ts';

/** When nothing else can be done here: say what went wrong and let the merchant close. */
export function DeadEnd({ heading, children }: { heading: string; children: ComponentChildren }) {
  return (
    <s-admin-action heading={heading}>
      {children}
      <s-button slot="secondary-actions" onClick={() => shopify.close()}>
        {t('actions.close')}
      </s-button>
    </s-admin-action>
  );
}
