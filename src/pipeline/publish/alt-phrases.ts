/**
 * The alt text's scene in the app's languages: what each kind of result is and a plain
 * background's colour (platform/colour-name.ts's families, in platform/colour-words.ts's words:
 * the table the findings' colours are held to), the product's title before it. Every
 * language says the colour where its grammar needs no agreement with a word the app cannot see:
 * French, Spanish, Italian and Portuguese after a masculine "fond"/"sfondo"/"fundo" left without
 * article, German as a noun ("in Petrol"), Dutch inflected before "achtergrond" (a de-word: always
 * -e), Japanese and Chinese in a parenthesis after the title.
 */
import type { GenerationKind } from '../../app-api/contract.ts';
import { COLOUR_FAMILIES, type ColourFamily } from '../../platform/colour-name.ts';
import { APP_LANGUAGES, colourWordIn, type AppLanguage } from '../../platform/colour-words.ts';

/** The app's languages, as Shopify's locale codes name them. */
export const ALT_LANGUAGES = APP_LANGUAGES;
export type AltLanguage = AppLanguage;

interface Phrases {
  kind: Readonly<Record<GenerationKind, string>>;
  /** The kind's phrase with the background's colour words. */
  onBackground: (kind: string, colour: string) => string;
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
    dark: (colour) => `dark ${colour}`,
  },
  fr: {
    kind: {
      photo: 'dans une photo générée par IA',
      video: 'dans une vidéo générée par IA',
      upscale: 'dans une photo agrandie',
    },
    onBackground: (kind, colour) => `${kind} sur fond ${colour}`,
    dark: (colour) => `${colour} foncé`,
  },
  de: {
    kind: {
      photo: 'in einem KI-generierten Foto',
      video: 'in einem KI-generierten Video',
      upscale: 'in einem hochskalierten Foto',
    },
    onBackground: (kind, colour) => `${kind} auf einem Hintergrund in ${colour}`,
    dark: (colour) => `Dunkel${colour.toLowerCase()}`,
  },
  es: {
    kind: {
      photo: 'en una foto generada por IA',
      video: 'en un vídeo generado por IA',
      upscale: 'en una foto ampliada',
    },
    onBackground: (kind, colour) => `${kind} sobre fondo ${colour}`,
    dark: (colour) => `${colour} oscuro`,
  },
  it: {
    kind: {
      photo: "in una foto generata dall'IA",
      video: "in un video generato dall'IA",
      upscale: 'in una foto ingrandita',
    },
    onBackground: (kind, colour) => `${kind} su sfondo ${colour}`,
    dark: (colour) => `${colour} scuro`,
  },
  nl: {
    kind: {
      photo: 'op een door AI gemaakte foto',
      video: 'in een door AI gemaakte video',
      upscale: 'op een vergrote foto',
    },
    onBackground: (kind, colour) => `${kind} tegen een ${colour} achtergrond`,
    dark: (colour) => `donker${colour}`,
  },
  'pt-BR': {
    kind: {
      photo: 'em uma foto gerada por IA',
      video: 'em um vídeo gerado por IA',
      upscale: 'em uma foto ampliada',
    },
    onBackground: (kind, colour) => `${kind} com fundo ${colour}`,
    dark: (colour) => `${colour} escuro`,
  },
  ja: {
    kind: { photo: '（AI生成の写真）', video: '（AI生成の動画）', upscale: '（拡大した写真）' },
    onBackground: (kind, colour) => `${kind.slice(0, -1)}、${colour}の背景）`,
    dark: (colour) => `濃い${colour}`,
  },
  'zh-CN': {
    kind: { photo: '（AI 生成的照片）', video: '（AI 生成的视频）', upscale: '（放大的照片）' },
    onBackground: (kind, colour) => `${kind.slice(0, -1)}，${colour}背景）`,
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
  return phrases.onBackground(phrases.kind[kind], colourIn(language, backdrop));
}

/**
 * platform/colour-name.ts's English words ("dark teal") in a language's, agreeing with the
 * background: masculine wherever a language says it with a gender ("fondo", "sfondo", "fundo").
 */
function colourIn(language: AltLanguage, backdrop: string): string {
  const dark = backdrop.startsWith('dark ');
  const family = dark ? backdrop.slice('dark '.length) : backdrop;
  const base = (COLOUR_FAMILIES as readonly string[]).includes(family)
    ? colourWordIn(language, family as ColourFamily, 'masculine')
    : family;
  return dark ? PHRASES[language].dark(base) : base;
}
