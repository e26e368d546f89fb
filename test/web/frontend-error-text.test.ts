/**
 * A refusal on a French app home (web/frontend/src/api/client.ts, i18n/coded-text.ts): the page
 * translates the answer's code and params, never its English, so a reworded English message
 * still reads in French; the English is shown only for a code the page does not know.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ApiErrorBody, CodedText } from '../../src/app-api/contract.ts';
import type { ApiError as FrenchApiError } from '../../web/frontend/src/api/client.ts';
import type { problemTexts as frenchProblemTexts } from '../../web/frontend/src/i18n/coded-text.ts';
import { leaveAppHome, openAppHomeInFrench } from './support/app-home-locale.ts';

const REWORDED = 'An English sentence the page has never seen.';

let ApiError: typeof FrenchApiError;
let problemTexts: typeof frenchProblemTexts;
beforeAll(async () => {
  await openAppHomeInFrench();
  ({ ApiError } = await import('../../web/frontend/src/api/client.ts'));
  ({ problemTexts } = await import('../../web/frontend/src/i18n/coded-text.ts'));
});
afterAll(leaveAppHome);

const refusal = (status: number, body: Omit<ApiErrorBody, 'message'>) =>
  new ApiError(status, { message: REWORDED, ...body });

test('a coded refusal reads in French with its params, whatever its English says', () => {
  const error = refusal(429, { error: 'pending_generations_cap', params: { cap: 500 } });
  expect(error.message).toBe(
    'Cette boutique a déjà 500 générations en cours ou en attente de validation, sa limite. Chacune publiée, refusée, annulée ou en échec libère une place : approuvez ou refusez les résultats en attente dans Activité, ou attendez la fin du travail en cours.',
  );
});

test('a param that is a coded text is translated in turn', () => {
  const error = refusal(409, {
    error: 'invalid_state',
    params: { state: { code: 'state_in_review' }, action: { code: 'done_reject' } },
  });
  expect(error.message).toBe(
    'Cette génération est maintenant à vérifier : elle ne peut pas être refusée.',
  );
});

test('a field’s problem reads in French from its code', () => {
  const error = refusal(400, {
    error: 'invalid_bulk_run',
    fields: { endsAt: REWORDED },
    fieldErrors: { endsAt: { code: 'end_passed' } },
  });
  expect(error.message).toBe('Certains champs ne sont pas valides.');
  expect(error.fields).toEqual({ endsAt: 'La fin est déjà passée.' });
});

test('a count picks the French plural form', () => {
  expect(refusal(409, { error: 'flagged_results', params: { count: 2 } }).message).toMatch(
    /^2 de ces résultats ne montrent peut-être pas le produit/,
  );
});

test('an estimate’s coded problems read in French, in order', () => {
  const texts: CodedText[] = [
    { code: 'budget_too_small', params: { credits: 1200 } },
    { code: 'no_products', params: { title: 'Summer' } },
  ];
  const estimate = { problems: [REWORDED, REWORDED], problemTexts: texts };
  expect(problemTexts(estimate)).toEqual([
    `Le budget ne couvre pas un seul produit (${new Intl.NumberFormat('fr-FR').format(1200)} crédits chacun).`,
    '« Summer » n’a aucun produit.',
  ]);
});

test('a code the page does not know shows the English it came with', () => {
  expect(refusal(409, { error: 'a_code_from_a_newer_server' }).message).toBe(REWORDED);
});
