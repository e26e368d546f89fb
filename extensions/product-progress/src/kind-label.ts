import type { GenerationKind } from '../../../src/app-api/contract.ts';
import { t } from '../../shared/i18n.ts';

/** "Photo", "Video", "Upscale": what a generation makes, as the block names it. */
export function kindLabel(kind: GenerationKind): string {
  switch (kind) {
    case 'photo':
      return t('block.kinds.photo');
    case 'video':
      return t('block.kinds.video');
    case 'upscale':
      return t('block.kinds.upscale');
  }
}
