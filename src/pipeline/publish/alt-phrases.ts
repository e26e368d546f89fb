/**
 * The alt text's scene in the app's languages: what each kind of result is and a plain
 * background's colour (platform/colour-name.ts's words), the product's title before it. Every
 * language says the colour where its grammar needs no agreement with a word the app cannot see:
 * French, Spanish, Italian and Portuguese after a masculine "fond"/"sfondo"/"fundo" left without
 * article, German as a noun ("in Petrol"), Dutch inflected before "achtergrond" (a de-word: always
 * -e), Japanese and Chinese in a parenthesis after the title.
 */
import type { GenerationKind } from '../../app-api/contract.ts';

/** The app's languages, as Shopify's locale codes name them. */
export const ALT_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ja', 'zh-CN'] as const;
export type AltLanguage = (typeof ALT_LANGUAGES)[number];

/** platform/colour-name.ts's hue and grey words, each once. */
type ColourWord =
  | 'white'
  | 'black'
  | 'grey'
  | 'pink'
  | 'red'
  | 'orange'
  | 'yellow'
  | 'green'
  | 'teal'
  | 'blue'
  | 'purple';

interface Phrases {
  kind: Readonly<Record<GenerationKind, string>>;
  /** The kind's phrase with the background's colour words. */
  onBackground: (kind: string, colour: string) => string;
  colours: Readonly<Record<ColourWord, string>>;
  /** "dark" before (or after) a colour's words. */
  dark: (colour: string) => string;
}

const PHRASES: Readonly<Record<AltLanguage, Phrases>> = {
  en: {
    kind: {
      photo: 'in an AI-generated photo',
      video: 'in an AI-generated video',
      // The product's own photo, enlarged: nothing in it was made anew.
      upscale: 'in an upscaled photo',
    },
    onBackground: (kind, colour) => `${kind} on a ${colour} background`,
    colours: {
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
    dark: (colour) => `dark ${colour}`,
  },
  fr: {
    kind: {
      photo: 'dans une photo générée par IA',
      video: 'dans une vidéo générée par IA',
      upscale: 'dans une photo agrandie',
    },
    onBackground: (kind, colour) => `${kind} sur fond ${colour}`,
    colours: {
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
    dark: (colour) => `${colour} foncé`,
  },
  de: {
    kind: {
      photo: 'in einem KI-generierten Foto',
      video: 'in einem KI-generierten Video',
      upscale: 'in einem hochskalierten Foto',
    },
    onBackground: (kind, colour) => `${kind} auf einem Hintergrund in ${colour}`,
    colours: {
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
    dark: (colour) => `Dunkel${colour.toLowerCase()}`,
  },
  es: {
    kind: {
      photo: 'en una foto generada por IA',
      video: 'en un vídeo generado por IA',
      upscale: 'en una foto ampliada',
    },
    onBackground: (kind, colour) => `${kind} sobre fondo ${colour}`,
    colours: {
      white: 'blanco',
      black: 'negro',
      grey: 'gris',
      pink: 'rosa',
      red: 'rojo',
      orange: 'naranja',
      yellow: 'amarillo',
      green: 'verde',
      teal: 'verde azulado',
      blue: 'azul',
      purple: 'morado',
    },
    dark: (colour) => `${colour} oscuro`,
  },
  it: {
    kind: {
      photo: "in una foto generata dall'IA",
      video: "in un video generato dall'IA",
      upscale: 'in una foto ingrandita',
    },
    onBackground: (kind, colour) => `${kind} su sfondo ${colour}`,
    colours: {
      white: 'bianco',
      black: 'nero',
      grey: 'grigio',
      pink: 'rosa',
      red: 'rosso',
      orange: 'arancione',
      yellow: 'giallo',
      green: 'verde',
      teal: 'verde acqua',
      blue: 'blu',
      purple: 'viola',
    },
    dark: (colour) => `${colour} scuro`,
  },
  nl: {
    kind: {
      photo: 'op een door AI gemaakte foto',
      video: 'in een door AI gemaakte video',
      upscale: 'op een vergrote foto',
    },
    onBackground: (kind, colour) => `${kind} tegen een ${colour} achtergrond`,
    colours: {
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
    dark: (colour) => `donker${colour}`,
  },
  'pt-BR': {
    kind: {
      photo: 'em uma foto gerada por IA',
      video: 'em um vídeo gerado por IA',
      upscale: 'em uma foto ampliada',
    },
    onBackground: (kind, colour) => `${kind} com fundo ${colour}`,
    colours: {
      white: 'branco',
      black: 'preto',
      grey: 'cinza',
      pink: 'rosa',
      red: 'vermelho',
      orange: 'laranja',
      yellow: 'amarelo',
      green: 'verde',
      teal: 'verde-azulado',
      blue: 'azul',
      purple: 'roxo',
    },
    dark: (colour) => `${colour} escuro`,
  },
  ja: {
    kind: { photo: '（AI生成の写真）', video: '（AI生成の動画）', upscale: '（拡大した写真）' },
    onBackground: (kind, colour) => `${kind.slice(0, -1)}、${colour}の背景）`,
    colours: {
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
    dark: (colour) => `濃い${colour}`,
  },
  'zh-CN': {
    kind: { photo: '（AI 生成的照片）', video: '（AI 生成的视频）', upscale: '（放大的照片）' },
    onBackground: (kind, colour) => `${kind.slice(0, -1)}，${colour}背景）`,
    colours: {
      white: '白色',
      black: '黑色',
      grey: '灰色',
      pink: '粉色',
      red: '红色',
      orange: '橙色',
      yellow: '黄色',
      green: '绿色',
      teal: '青绿色',
      blue: '蓝色',
      purple: '紫色',
    },
    dark: (colour) => `深${colour}`,
  },
};

/**
 * The app's language for a Shopify locale: its own code, else its language's (`fr-CA` is
 * written in `fr`, `pt-PT` in `pt-BR`); none for a language the app has no phrases for, and
 * none for Chinese in another script than zh-CN's Simplified (`zh-TW`).
 */
export function altLanguageOf(locale: string): AltLanguage | null {
  const exact = ALT_LANGUAGES.find((language) => language.toLowerCase() === locale.toLowerCase());
  if (exact) return exact;
  const base = locale.split('-')[0]!.toLowerCase();
  if (base === 'zh') return null;
  return ALT_LANGUAGES.find((language) => language.split('-')[0] === base) ?? null;
}

/** The scene in a language: the kind of result, and its plain background's colour if any. */
export function scenePhrase(
  language: AltLanguage,
  kind: GenerationKind,
  backdrop: string | null | undefined,
): string {
  const phrases = PHRASES[language];
  if (!backdrop || kind === 'video') return phrases.kind[kind];
  return phrases.onBackground(phrases.kind[kind], colourIn(phrases, backdrop));
}

/** platform/colour-name.ts's English words ("dark teal") in a language's. */
function colourIn(phrases: Phrases, backdrop: string): string {
  const dark = backdrop.startsWith('dark ');
  const word = (dark ? backdrop.slice('dark '.length) : backdrop) as ColourWord;
  const base = phrases.colours[word] ?? backdrop;
  return dark ? phrases.dark(base) : base;
}
