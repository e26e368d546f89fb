import { PixelSizes } from '../../components/PixelSizes.tsx';
import { GeneratedMedia } from '../../components/GeneratedMedia.tsx';
import type { GenerationView } from '../../shared/contract.ts';
import styles from './ResultPreview.module.css';
import { t } from '../../i18n/index.ts';

/**
 * The generated image or video, full width, with its source beside it on wide screens, and for
 * an image both pixel sizes under them (an upscale looks like its source: its size is the news).
 */
export function ResultPreview({ generation }: { generation: GenerationView }) {
  const result = generation.result;
  if (!result) return null;
  const before = generation.sourceImageUrls[0];
  const title = generation.product.title;
  return (
    <div>
      <div className={styles.pair}>
        {before ? (
          <figure className={styles.figure}>
            <img src={before} alt={t('common.sourceImageOf', { title })} className={styles.media} />
            <figcaption>{t('common.before')}</figcaption>
          </figure>
        ) : null}
        <figure className={styles.figure}>
          <GeneratedMedia
            result={result}
            label={t(
              result.mediaType === 'video' ? 'common.generatedVideoOf' : 'common.generatedImageOf',
              { title },
            )}
            className={styles.media}
          />
          <figcaption>{t('common.after')}</figcaption>
        </figure>
      </div>
      {result.mediaType === 'image' ? (
        <p className={styles.sizes}>
          <PixelSizes before={before ?? null} after={result.previewUrl} />
        </p>
      ) : null}
    </div>
  );
}
