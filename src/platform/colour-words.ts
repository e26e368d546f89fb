/**
 * The colour families' words (colour-name.ts) in the app's languages, in one table: the alt
 * text names a result's plain background with them (pipeline/publish/alt-phrases.ts) and the
 * app home and admin extensions name a changed part of the product with them (the locale files'
 * `errors.colour_*`, which test/platform/colour-words.test.ts holds to this table, since the
 * server may not read the frontend's files). One merchant sees both: a teal background and a
 * teal part are one word.
 *
 * Where a colour agrees with its noun (Spanish, Italian, Portuguese), both forms are here: the
 * alt text's background ("fondo", "sfondo", "fundo") is masculine, the findings' part ("la
 * parte", "a parte") feminine. French says the part "en {{colour}}", the colour as a noun, so
 * one word serves both; Dutch inflects before both nouns alike ("het witte deel", "een witte
 * achtergrond").
 */
import type { ColourFamily } from './colour-name.ts';

/** The app's languages, as Shopify's locale codes (and the locale files) name them. */
export const APP_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ja', 'zh-CN'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];

/** A colour that agrees with its noun's gender. */
export interface Agreeing {
  masculine: string;
  feminine: string;
}
type Gender = keyof Agreeing;

/** The form a finding's part takes (`errors.finding_part_colour`: "la parte {{colour}}"). */
export const PART_GENDER: Gender = 'feminine';

const agreeing = (masculine: string, feminine: string): Agreeing => ({ masculine, feminine });

export const COLOUR_WORDS: Readonly<
  Record<AppLanguage, Readonly<Record<ColourFamily, string | Agreeing>>>
> = {
  en: {
    white: 'white',
    black: 'black',
    grey: 'grey',
    pink: 'pink',
    red: 'red',
    orange: 'orange',
    yellow: 'yellow',
    green: 'green',
    teal: 'teal',
    blue: 'blue',
    purple: 'purple',
  },
  fr: {
    white: 'blanc',
    black: 'noir',
    grey: 'gris',
    pink: 'rose',
    red: 'rouge',
    orange: 'orange',
    yellow: 'jaune',
    green: 'vert',
    teal: 'bleu canard',
    blue: 'bleu',
    purple: 'violet',
  },
  de: {
    white: 'Weiß',
    black: 'Schwarz',
    grey: 'Grau',
    pink: 'Rosa',
    red: 'Rot',
    orange: 'Orange',
    yellow: 'Gelb',
    green: 'Grün',
    teal: 'Petrol',
    blue: 'Blau',
    purple: 'Lila',
  },
  es: {
    white: agreeing('blanco', 'blanca'),
    black: agreeing('negro', 'negra'),
    grey: 'gris',
    pink: 'rosa',
    red: agreeing('rojo', 'roja'),
    orange: 'naranja',
    yellow: agreeing('amarillo', 'amarilla'),
    green: 'verde',
    // "Verde" is the head: the phrase keeps its form after a feminine noun.
    teal: 'verde azulado',
    blue: 'azul',
    purple: agreeing('morado', 'morada'),
  },
  it: {
    white: agreeing('bianco', 'bianca'),
    black: agreeing('nero', 'nera'),
    grey: agreeing('grigio', 'grigia'),
    pink: 'rosa',
    red: agreeing('rosso', 'rossa'),
    orange: 'arancione',
    yellow: agreeing('giallo', 'gialla'),
    green: 'verde',
    teal: 'verde acqua',
    blue: 'blu',
    purple: 'viola',
  },
  nl: {
    white: 'witte',
    black: 'zwarte',
    grey: 'grijze',
    pink: 'roze',
    red: 'rode',
    orange: 'oranje',
    yellow: 'gele',
    green: 'groene',
    teal: 'blauwgroene',
    blue: 'blauwe',
    purple: 'paarse',
  },
  'pt-BR': {
    white: agreeing('branco', 'branca'),
    black: agreeing('preto', 'preta'),
    grey: 'cinza',
    pink: 'rosa',
    red: agreeing('vermelho', 'vermelha'),
    orange: 'laranja',
    yellow: agreeing('amarelo', 'amarela'),
    green: 'verde',
    teal: agreeing('verde-azulado', 'verde-azulada'),
    blue: 'azul',
    purple: agreeing('roxo', 'roxa'),
  },
  ja: {
    white: '白',
    black: '黒',
    grey: 'グレー',
    pink: 'ピンク',
    red: '赤',
    orange: 'オレンジ',
    yellow: '黄色',
    green: '緑',
    teal: 'ティール',
    blue: '青',
    purple: '紫',
  },
  'zh-CN': {
    white: '白色',
    black: '黑色',
    grey: '灰色',
    pink: '粉色',
    red: '红色',
    orange: '橙色',
    yellow: '黄色',
    green: '绿色',
    // Not 青色 alone, which reads as cyan (or even black, 青衣).
    teal: '青绿色',
    blue: '蓝色',
    purple: '紫色',
  },
};

/** A family's word in a language, agreeing with a noun of `gender` where the language needs it. */
export function colourWordIn(language: AppLanguage, family: ColourFamily, gender: Gender): string {
  const word = COLOUR_WORDS[language][family];
  return typeof word === 'string' ? word : word[gender];
}
