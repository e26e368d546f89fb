/**
 * Checks an image against the channels a shop chose: measures once what the chosen profiles
 * need (the words only when a profile forbids overlaid text), then answers per channel pass, or
 * the rules it fails in plain words ("Amazon: the background is not pure white (RGB 255, 255,
 * 255)"), with the figures behind them.
 *
 * Overlaid text is text outside the product: a label on the product is part of it. The product's
 * region is the one the fidelity check located when the caller has it, else the bounding box of
 * what differs from a plain background, the words read left out of it (so a caption beside the
 * product does not count as product). On a scene (no plain background) and without the fidelity
 * check's region, the region is the whole frame: text cannot be told from a label there, and is
 * taken for one (README, Limits).
 */
import { isAiSourceType, readDigitalSourceType } from './ai-metadata.ts';
import type { ChannelId, RuleId } from './channel-ids.ts';
import {
  measureBorder,
  measureWhiteBackground,
  productRegion,
  productShare,
  shareInside,
  type Region,
} from './measures.ts';
import { AMAZON_PRODUCT_SHARE, CHANNEL_PROFILES } from './profiles.ts';
import { rasterPng, type DecodedImage } from './raster.ts';
import { englishText, type CodedText } from '../platform/error-codes.ts';
import { failedRule, type Figures } from './rules.ts';
import { createTesseractReader, type ReadWord, type TextReader } from './text-reader.ts';

export interface RuleFailure {
  rule: RuleId;
  /** "Amazon: the background is not pure white (RGB 255, 255, 255)". */
  words: string;
  /** `words` coded: the channel's name and the rule's text. */
  text: CodedText;
}

export interface ChannelVerdict {
  channel: ChannelId;
  pass: boolean;
  failed: RuleFailure[];
}

export interface ChannelReport {
  verdicts: ChannelVerdict[];
  figures: Figures;
}

export interface ChannelCheckInput {
  /** The image, decoded once for this check and whatever else measures it (decodeOnce). */
  image: DecodedImage;
  channels: readonly ChannelId[];
  /** The shop's product images' aspect ratio (width / height); null when it has none. */
  storefrontAspect: number | null;
  /** The product where the fidelity check located it (fractions of the image), when it did. */
  region?: Region | null;
}

export interface ChannelChecker {
  check(input: ChannelCheckInput): Promise<ChannelReport>;
  /** Ends the text reader's thread, if it started. */
  close(): Promise<void>;
}

/** A word counts when Tesseract is fairly sure of it and it has 3 letters or digits or more. */
const MIN_CONFIDENCE = 70;
const MIN_CHARACTERS = 3;
/** A word is on the product when at least half of its box is inside the product's region. */
const ON_PRODUCT = 0.5;

function realWords(words: ReadWord[]): ReadWord[] {
  return words.filter(
    (word) =>
      word.confidence >= MIN_CONFIDENCE &&
      word.text.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_CHARACTERS,
  );
}

export function createChannelChecker(deps: { text?: TextReader } = {}): ChannelChecker {
  const text = deps.text ?? createTesseractReader();
  return {
    async check(input) {
      const profiles = [...new Set(input.channels)].map((id) => CHANNEL_PROFILES[id]);
      const needs = new Set(profiles.flatMap((profile) => profile.rules));
      const raster = await input.image.raster();
      const figures: Figures = { width: raster.original.width, height: raster.original.height };
      if (needs.has('border')) figures.border = measureBorder(raster).framed;
      if (needs.has('white-background'))
        figures.whiteShare = measureWhiteBackground(raster).whiteShare;
      if (needs.has('overlaid-text') || needs.has('product-share')) {
        const words = needs.has('overlaid-text')
          ? realWords(await text.read(await rasterPng(raster)))
          : [];
        const region =
          input.region ??
          productRegion(
            raster,
            words.map((word) => word.box),
          );
        figures.productShare = productShare(region);
        if (needs.has('overlaid-text')) {
          const onProduct = (word: ReadWord) =>
            region !== null && shareInside(raster, word.box, region) >= ON_PRODUCT;
          figures.overlaidText = words.filter((word) => !onProduct(word)).map((word) => word.text);
          figures.textOnProduct = words.filter(onProduct).map((word) => word.text);
        }
      }
      if (needs.has('ai-metadata')) {
        figures.sourceType = await readDigitalSourceType(input.image.bytes);
        figures.aiMarked = isAiSourceType(figures.sourceType);
      }
      const limits = {
        productShare: AMAZON_PRODUCT_SHARE,
        storefrontAspect: input.storefrontAspect,
      };
      const verdicts = profiles.map((profile): ChannelVerdict => {
        const failed = profile.rules.flatMap((rule): RuleFailure[] => {
          const failure = failedRule(rule, figures, { ...limits, minSize: profile.minSize });
          if (!failure) return [];
          const params = { name: profile.name, rule: failure };
          const text: CodedText = { code: 'channel_failure', params };
          return [{ rule, words: englishText(text), text }];
        });
        return { channel: profile.id, pass: failed.length === 0, failed };
      });
      return { verdicts, figures };
    },
    close: () => text.close(),
  };
}
