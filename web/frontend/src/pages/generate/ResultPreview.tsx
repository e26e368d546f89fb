import { PixelSizes } from '../../components/PixelSizes.tsx';
import { GeneratedMedia } from '../../components/GeneratedMedia.tsx';
import { resultAspect } from '../../lib/result-aspect.ts';
import type { GenerationView } from '../../shared/contract.ts';
import styles from './ResultPreview.module.css';
import { t } from '../../i18n/index.ts';

/**
 * The generated image or video, full width, with its source beside it on wide screens, and for
 * an image both pixel sizes under them (an upscale looks like its source: its size is the news).
 * Shown from the start of the work: until the result arrives its box stands empty at the
 * result's aspect ratio, so neither its arrival nor its loading moves the page.
 */
export function ResultPreview({ generation }: { generation: GenerationView }) {
  const result = generation.result;
  const before = generation.sourceImageUrls[0];
  const title = generation.product.title;
  const box = { aspectRatio: resultAspect(generation) };
  return (
    <div>
      <div className={styles.pair}>
        {before ? (
          <figure className={styles.figure}>
            <img
              src={before}
              alt={t('common.sourceImageOf', { title })}
              className={styles.media}
              style={box}
            />
            <figcaption>{t('common.before')}</figcaption>
          </figure>
        ) : null}
        <figure className={styles.figure}>
          {result ? (
            <GeneratedMedia
              result={result}
              label={t(
                result.mediaType === 'video'
                  ? 'common.generatedVideoOf'
                  : 'common.generatedImageOf',
                { title },
              )}
              className={styles.media}
              style={box}
            />
          ) : (
            <div className={`${styles.media} ${styles.pending}`} style={box} aria-hidden="true" />
          )}
          <figcaption>{t('common.after')}</figcaption>
        </figure>
      </div>
      {generation.kind !== 'video' ? (
        <p className={styles.sizes}>
          {result ? <PixelSizes before={before ?? null} after={result.previewUrl} /> : null}
        </p>
      ) : null}
    </div>
  );
}
