/**
 * The product check's findings on the app home's pages (web/frontend/src/components/Fidelity.tsx:
 * Generate, Activity's rows and viewer, the options, a variant set's card, the flagged results'
 * summary): translated by their code, never by matching the English the server sent beside it.
 */
import { afterEach, expect, test } from 'vitest';
import type { FidelityView } from '../../src/app-api/contract.ts';
import { leaveAppHome, openAppHomeIn } from './support/app-home-locale.ts';

afterEach(leaveAppHome);

/** A held result's check, its English reworded since its code was written. */
const held: FidelityView = {
  verdict: 'changed',
  findings: ['the red bit changed colour', 'ALPINE on the label is gone'],
  findingTexts: [
    { code: 'finding_part_colour', params: { colour: { code: 'colour_red' } } },
    { code: 'finding_lettering', params: { text: 'ALPINE' } },
  ],
  checks: { located: true },
  region: null,
};

async function reasonsIn(locale: string, fidelity: FidelityView): Promise<string[]> {
  await openAppHomeIn(locale);
  const { fidelityReasons } = await import('../../web/frontend/src/components/Fidelity.tsx');
  return fidelityReasons(fidelity);
}

test('in French, a finding reads by its code, its colour translated in turn', async () => {
  expect(await reasonsIn('fr-FR', held)).toEqual([
    'la partie en rouge n’a plus la même couleur',
    'l’inscription « ALPINE » manque ou a changé',
  ]);
});

test('in German too', async () => {
  expect(await reasonsIn('de-DE', held)).toEqual([
    'der Teil in der Farbe „Rot“ hat eine andere Farbe',
    'die Beschriftung „ALPINE“ fehlt oder ist verändert',
  ]);
});

test('a finding with no code is said in general words, never half in English', async () => {
  const old = { ...held, findings: ['the beige part has another colour'], findingTexts: [null] };
  expect(await reasonsIn('fr-FR', old)).toEqual(['autre différence avec le produit']);
});
