/** The channels room's surface (README.md): profiles, the checker, the file's AI marks. */
export {
  CHANNEL_IDS,
  DEFAULT_CHANNELS,
  RULE_IDS,
  type ChannelId,
  type RuleId,
} from './channel-ids.ts';
export { CHANNEL_PROFILES, type ChannelProfile } from './profiles.ts';
export {
  createChannelChecker,
  type ChannelChecker,
  type ChannelCheckInput,
  type ChannelReport,
  type ChannelVerdict,
  type RuleFailure,
} from './check.ts';
export { isAiSourceType, readDigitalSourceType } from './ai-metadata.ts';
export type { Region } from './measures.ts';
export type { Figures } from './rules.ts';
export type { TextReader, ReadWord } from './text-reader.ts';
export { colourWord, plainBackdropWord } from './backdrop.ts';
export { decodeOnce, type DecodedImage } from './raster.ts';
