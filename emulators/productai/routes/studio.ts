/**
 * GET /__emulator/studio?key=…: a tiny stand-in for the studio's API access page, where a
 * person pastes the webhook URL (saving it sends the validation POST) and sees the key's credits.
 * The form posts to the same path; the answer redirects back with the validation outcome.
 */
import { readForm } from '../http/body.ts';
import { redirect, replyHtml } from '../http/context.ts';
import type { Router } from '../http/router.ts';
import type { EmulatorState } from '../state.ts';
import { saveWebhookUrl } from './control.ts';

const PATH = '/__emulator/studio';

export function addStudioRoutes(router: Router, state: EmulatorState): void {
  router.add('GET', PATH, (ctx) => {
    const key = ctx.url.searchParams.get('key') ?? '';
    const account = state.accounts.get(key);
    const notice = ctx.url.searchParams.get('notice');
    const body = account
      ? `<p>API key: <code>${escape(key)}</code> (${account.active ? 'active' : 'inactive'})</p>
<p>Credits: <strong id="credits">${account.credits}</strong></p>
${notice ? `<p id="notice">${escape(notice)}</p>` : ''}
<form method="post" action="${PATH}">
<input type="hidden" name="key" value="${escape(key)}">
<label>Webhook URL <input type="url" name="url" size="60" value="${escape(account.webhookUrl ?? '')}" placeholder="https://your-app.example/webhooks/productai"></label>
<button type="submit">Save</button>
</form>`
      : `<p>No account with key <code>${escape(key)}</code>. Open this page with <code>?key=YOUR_API_KEY</code>.</p>`;
    replyHtml(
      ctx,
      account ? 200 : 404,
      `<!doctype html><html><head><meta charset="utf-8"><title>ProductAI studio: API access</title>
<style>body{font:15px system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}code{background:#f1f1f1;padding:0 .3em}input[type=url]{font:inherit}</style>
</head><body><h1>API access</h1>${body}</body></html>`,
    );
  });

  router.add('POST', PATH, async (ctx) => {
    const form = await readForm(ctx.req);
    const key = form.get('key') ?? '';
    const account = state.accounts.get(key);
    if (!account) return redirect(ctx, `${PATH}?key=${encodeURIComponent(key)}`);
    const result = await saveWebhookUrl(state, account, form.get('url') ?? '');
    const notice = !result.ok
      ? result.error
      : !result.body.validation
        ? 'Webhook removed.'
        : result.body.validation.delivered
          ? 'Webhook saved; the validation request was acknowledged.'
          : `Webhook saved, but the validation request was not acknowledged (${result.body.validation.status ?? result.body.validation.error}).`;
    redirect(ctx, `${PATH}?key=${encodeURIComponent(key)}&notice=${encodeURIComponent(notice)}`);
  });
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
