import type { SettingsView } from '../../src/app-api/contract.ts';
import { storedText } from './coded-text.ts';
import { appLinks } from './app-links.ts';
import { t } from './i18n.ts';

/** Nothing can be sent to ProductAI until the shop has a working API key. */
export function canSubmit(settings: SettingsView): boolean {
  return settings.apiKey.state === 'valid';
}

/**
 * What stands between the merchant and a result: a missing or rejected API key (blocking, with
 * the way to the app's settings), or work paused by the app (new work queues until it resumes).
 */
export function ShopStatusBanner({ settings }: { settings: SettingsView }) {
  if (!canSubmit(settings)) {
    const missing = settings.apiKey.state === 'missing';
    return (
      <s-banner tone="warning" heading={t(missing ? 'shop.keyMissing' : 'shop.keyInvalid')}>
        <s-stack direction="block" gap="small-200">
          <s-paragraph>{t('shop.keyHelp')}</s-paragraph>
          <s-link href={appLinks.settings}>{t('shop.openSettings')}</s-link>
        </s-stack>
      </s-banner>
    );
  }
  if (settings.paused) {
    return (
      <s-banner tone="warning" heading={t('shop.paused')}>
        {t('shop.pausedHelp', {
          reason: storedText(settings.paused.reasonText, settings.paused.reason),
        })}
      </s-banner>
    );
  }
  return null;
}
