/**
 * The server's words on a French page (web/frontend/src/i18n/server-text.ts): the locale files'
 * `server.*` entries pair the server's English wording with its translation. A wording the
 * server no longer writes would silently stop translating, so each entry's fixed parts must
 * still be found in the code that writes them (src/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import en from '../../web/frontend/src/i18n/locales/en.json' with { type: 'json' };
import { leaveAppHome, openAppHomeInFrench } from './support/app-home-locale.ts';
import {
  bulkRunAtCapMessage,
  ruleAtCapRefusal,
  tryAtCapHeldReason,
} from '../../src/pipeline/limits/shop-quotas.ts';
import {
  expiredInReviewReason,
  expiredPausedReason,
  expiryPeriod,
} from '../../src/pipeline/line/expire-waiting.ts';
import {
  expiredWithRunReason,
  runExpiredMessage,
} from '../../src/features/bulk-runs/runs/expire.ts';
import {
  BULK_CANCELLED_REASON,
  BULK_PAUSED_REASON,
} from '../../src/features/bulk-runs/expand-run.ts';
import {
  CAMPAIGN_ENDED_REASON,
  NEVER_SHOWN_REASON,
} from '../../src/features/campaigns/campaign-phases.ts';
import { UNCERTAIN_MESSAGE } from '../../src/pipeline/submit/steps/messages.ts';
import { KEY_CHANGED_MESSAGE } from '../../src/pipeline/receive/reconcile.ts';
import { UNCERTAIN_CANCELLED_MESSAGE } from '../../src/pipeline/line/cancel-generation.ts';
import { mediaFailureReason } from '../../src/pipeline/publish/media-failure.ts';
import { englishText } from '../../src/app-api/error-codes.ts';

const DAYS_30 = expiryPeriod(30 * 86_400_000);

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
// The web server and the load balancer write a few answers of their own (a body over the limit).
const WEB_SERVER = fileURLToPath(new URL('../../web/server/', import.meta.url));
const NGINX = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [readFileSync(join(dir, entry.name), 'utf8')]
        : [],
  );
}

test("every server.* entry is still the server's wording", () => {
  // Source lines are wrapped: compare with the code's whitespace and string breaks folded away.
  const code = [...sources(SRC), ...sources(WEB_SERVER), readFileSync(NGINX, 'utf8')]
    .join('\n')
    .replace(/'\s*\+\s*'|\s+/g, ' ');
  const missing = Object.entries(en.server).flatMap(([key, english]) =>
    english
      .split(/\{\{\w+\}\}/)
      // The catalogue's descriptions get their full stop where they are shown.
      // A part opening on a joiner's punctuation (the channel's name, then ': ' and the rule's
      // words) is found without it: the code that joins writes that.
      .map((part) =>
        part
          .trim()
          .replace(/\.$/, '')
          .replace(/^[:;,]\s*/, ''),
      )
      .filter((part) => part.length > 2 && !code.includes(part))
      .map((part) => `${key}: ${part}`),
  );
  expect(missing).toEqual([]);
});

describe('in French', () => {
  let serverText: (text: string) => string;
  beforeAll(async () => {
    await openAppHomeInFrench();
    ({ serverText } = await import('../../web/frontend/src/i18n/server-text.ts'));
  });
  afterAll(leaveAppHome);

  test('a reason the server stored in English reads in French', () => {
    expect(
      serverText('Your ProductAI account is out of credits, so work for this shop is paused.'),
    ).toBe(
      'Votre compte ProductAI n’a plus de crédits : le travail de cette boutique est en pause.',
    );
  });

  test('the parts that vary are kept, and translated when they are words of their own', () => {
    expect(serverText("Waiting: today's cap of 3 credits is below this rule's 5 per photo.")).toBe(
      'En attente : le plafond du jour de 3 crédits est inférieur aux 5 de cette règle par photo.',
    );
  });

  test('a bulk run waiting at the cap says why in French', () => {
    expect(serverText(englishText(bulkRunAtCapMessage(500)))).toBe(
      'En attente : cette boutique a 500 générations en cours ou en attente de validation, sa limite. Le traitement reprend de lui-même à mesure qu’elles se terminent ; approuver ou refuser les résultats en attente dans Activité libère des places plus tôt.',
    );
  });

  test('a rule’s product not made at the cap says why and what to do in French', () => {
    const refusal = ruleAtCapRefusal(500);
    expect(serverText(refusal.reason ?? '')).toBe(
      'Non fait : cette boutique avait 500 générations en cours ou en attente de validation, sa limite, quand le produit est arrivé. Rien n’a été facturé.',
    );
    expect(serverText(refusal.action ?? '')).toBe(
      'Approuvez ou refusez les résultats en attente dans Activité pour libérer des places, puis relancez celle-ci.',
    );
  });

  test('a changed result not made again at the cap says why in French', () => {
    expect(serverText(englishText(tryAtCapHeldReason(500)))).toBe(
      'Non refait : cette boutique avait 500 générations en cours ou en attente de validation, sa limite. Ce résultat attend votre validation à la place.',
    );
  });

  test('an expired result’s reason reads in French, its ceiling too', () => {
    expect(serverText(englishText(expiredInReviewReason(DAYS_30)))).toBe(
      'Expiré après 30 jours en attente de validation : non ajouté au produit. Le résultat reste dans Contenu > Fichiers.',
    );
  });

  test('expired paused work reads in French, a bulk run’s too', () => {
    expect(serverText(englishText(expiredPausedReason(DAYS_30)))).toBe(
      'Annulé après 30 jours en pause. Rien n’a été facturé ; relancez-le quand vous serez prêt.',
    );
    expect(serverText(englishText(expiredWithRunReason(DAYS_30)))).toBe(
      'Annulé avec son traitement groupé, en pause depuis 30 jours. Rien n’a été facturé.',
    );
    expect(serverText(englishText(runExpiredMessage(expiryPeriod(86_400_000))))).toBe(
      'Annulé après 1 jour en pause ; rien n’a été facturé pour ce qu’il n’avait pas fait.',
    );
  });

  test("the shop's data in a message is kept as it is, even when it reads like a known word", () => {
    expect(
      serverText(
        'One of the chosen images is no longer on “Draft”. Reload the product and choose its images again.',
      ),
    ).toBe(
      'Une des images choisies n’est plus sur « Draft ». Rechargez le produit et choisissez à nouveau ses images.',
    );
  });

  test('a message made of several wordings reads in French through and through', () => {
    expect(
      serverText(
        'The photo model “Balanced” needs at least one product image: choose one of the images of “Mug”.',
      ),
    ).toBe(
      'Le modèle photo « Équilibré » nécessite au moins une image du produit : choisissez une des images de « Mug ».',
    );
  });

  test('the bound on a result the app reads reads in French', () => {
    expect(
      serverText(
        'The generated image is 16383×16383 pixels, more than the 67.1 megapixels the app reads.',
      ),
    ).toBe(
      'L’image générée fait 16383×16383 pixels, plus que les 67.1 mégapixels que l’application lit.',
    );
  });

  test('a generation waiting for ProductAI says so in French', () => {
    expect(
      serverText('Waiting for ProductAI to come back — the result is read as soon as it answers.'),
    ).toBe('En attente du retour de ProductAI — le résultat est lu dès qu’il répond.');
  });

  test('a text no entry knows is shown as the server wrote it', () => {
    expect(serverText('Something only the server knows.')).toBe('Something only the server knows.');
  });

  // A reason missing here ("Cancelled with its bulk run; nothing was charged.") stays English on a
  // French page. Those written with a code are translated by it; their English is still here for
  // the records written before codes.
  test('every reason the pipeline stores with a generation reads in French', () => {
    const media = ['IMAGE_DOWNLOAD_FAILURE', 'FILE_STORAGE_LIMIT_EXCEEDED', 'SOMETHING_NEW']
      .map((code) => mediaFailureReason([{ code, message: '', details: null }]))
      .flatMap(({ reason, action }) => [englishText(reason), englishText(action)]);
    const coded = [UNCERTAIN_MESSAGE, KEY_CHANGED_MESSAGE, UNCERTAIN_CANCELLED_MESSAGE].flatMap(
      (message) => [message.reason ?? '', message.action ?? ''],
    );
    const stored = [
      ...[BULK_PAUSED_REASON, BULK_CANCELLED_REASON, CAMPAIGN_ENDED_REASON, NEVER_SHOWN_REASON].map(
        englishText,
      ),
      ...coded,
      ...media,
    ];
    expect(stored.filter((english) => serverText(english) === english)).toEqual([]);
  });
});
