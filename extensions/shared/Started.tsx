import type { ComponentChildren } from 'preact';
import { t } from './i18n.ts';

interface StartedProps {
  /** What started, as the banner's heading. */
  heading: string;
  /** `warning` once the work needs the merchant (a result held for review); success otherwise. */
  tone?: 'success' | 'warning';
  message: string;
  /** Where in the app it goes on. */
  link: { href: string; label: string };
  /** What follows the banner (the work's progress). */
  children?: ComponentChildren;
}

/** The work runs in the app now: say so, link to where it can be followed, and let the merchant go. */
export function Started({ heading, tone = 'success', message, link, children }: StartedProps) {
  return (
    <s-admin-action heading={t('started.heading')}>
      <s-banner tone={tone} heading={heading}>
        <s-stack direction="block" gap="small-200">
          <s-paragraph>{message}</s-paragraph>
          <s-link href={link.href}>{link.label}</s-link>
        </s-stack>
      </s-banner>
      {children}
      <s-button slot="primary-action" variant="primary" onClick={() => shopify.close()}>
        {t('actions.done')}
      </s-button>
    </s-admin-action>
  );
}
