/**
 * The privacy policy (privacy-policy.html beside this file, the one copy), public at
 * GET /privacy: the App Store listing and Shopify's review link to it, so it needs no session.
 * The retention figures come from the running configuration, so the page says what this
 * deployment does (GENERATION_RETENTION_DAYS).
 */
import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import type { App } from '../../../src/app/index.ts';

export const PRIVACY_PATH = '/privacy';

const DAY_MS = 24 * 60 * 60 * 1000;

type Retention = App['config']['pipeline']['retention'];

export function renderPrivacyPolicy(retention: Retention): string {
  const figures: Record<string, number> = {
    generationRetentionDays: Math.round(retention.generationMs / DAY_MS),
    creditsRetentionDays: Math.round(retention.creditsByDayMs / DAY_MS),
  };
  const template = readFileSync(new URL('./privacy-policy.html', import.meta.url), 'utf8');
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const figure = figures[name];
    if (figure === undefined) throw new Error(`privacy-policy.html: unknown ${placeholder}`);
    return String(figure);
  });
}

export function registerPrivacyPolicy(router: Router, retention: Retention): void {
  const html = renderPrivacyPolicy(retention);
  router.get(PRIVACY_PATH, (_req, res) => {
    // A document of its own: no script, no frame around it, styles inline only.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('html').send(html);
  });
}
