import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { DialogHeader } from '../../components/DialogHeader.tsx';
import { StyleUsed } from '../../components/StyleUsed.tsx';
import { canUseAsStyle, useUseAsStyle } from '../../components/UseAsStyleButton.tsx';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { PixelSize } from '../../components/PixelSizes.tsx';
import { GeneratedMedia } from '../../components/GeneratedMedia.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { FidelityBadge, FidelityFigures } from '../../components/Fidelity.tsx';
import { cdnImageAt, resultImageAt } from '../../lib/cdn-image.ts';
import { useNaturalSize } from '../../lib/useNaturalSize.ts';
import type { FidelityView, GenerationView } from '../../shared/contract.ts';
import { canStartExperiment } from '../experiments/useStartExperiment.ts';
import { StartExperimentForm } from '../experiments/StartExperimentForm.tsx';
import { ProductCandidates } from './ProductCandidates.tsx';
import styles from './ReviewViewer.module.css';
import dialogStyles from '../../components/Dialog.module.css';
import { t } from '../../i18n/index.ts';

type Zoom = 'fit' | 'actual';

/** The frame's largest side in CSS pixels (ReviewViewer.module.css, `.frame`'s height). */
const FRAME_SIDE = 560;

/** An image with its real pixel size under it (known once it has loaded). */
function SizedImage({
  src,
  fitSrc,
  alt,
  caption,
  zoom,
  drawn,
  highlight,
}: {
  /** The picture at full size: shown at actual size, and measured for the caption. */
  src: string;
  /** A copy the frame's size, shown to fit it (the full size when none). */
  fitSrc?: string;
  alt: string;
  caption: string;
  zoom: Zoom;
  /** False: the frame is drawn empty, at its size, for the picture to follow (ReviewViewer). */
  drawn: boolean;
  /** The part of the image the fidelity check flagged, outlined over it. */
  highlight?: Region | null;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const shown = zoom === 'fit' ? (fitSrc ?? src) : src;
  // Actual size opens on the middle of the picture, where the product is: the scroll started at
  // its top-left corner, mostly empty backdrop. Again when the image arrives.
  useLayoutEffect(() => {
    const element = frame.current;
    if (zoom !== 'actual' || !element) return;
    const centre = () => {
      element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
      element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
    };
    centre();
    const image = element.querySelector('img');
    image?.addEventListener('load', centre);
    return () => image?.removeEventListener('load', centre);
  }, [zoom, shown, drawn]);
  // Decoded off the frame that answers ← → (a 2048 px picture held the next paint back): the
  // title, badges and frame show at once, the picture as soon as it is decoded.
  const image = (
    <img
      src={shown}
      alt={alt}
      decoding="async"
      className={zoom === 'fit' ? styles.fit : styles.actual}
    />
  );
  return (
    <figure className={styles.figure}>
      <div className={styles.frame} ref={frame}>
        {!drawn ? null : highlight ? (
          // Actual size: the outline's box is the image's own; fit: both fill the frame.
          <div className={zoom === 'fit' ? styles.fit : styles.outlined}>
            {image}
            <Outline src={shown} region={highlight} />
          </div>
        ) : (
          image
        )}
      </div>
      <figcaption className={styles.caption}>
        <span>{caption}</span>
        <PixelSize src={src} />
      </figcaption>
    </figure>
  );
}

type Region = NonNullable<FidelityView['region']>;

/**
 * The flagged region drawn over the image in the image's own pixels: the SVG scales like the
 * picture (its viewBox is the picture's size, fitted the way object-fit: contain fits it), so the
 * outline stays on the product at any zoom. Decorative: the figures beside it say where it is.
 */
function Outline({ src, region }: { src: string; region: Region }) {
  const size = useNaturalSize(src);
  if (!size) return null;
  const { width, height } = size;
  return (
    <svg
      className={styles.outline}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      data-testid="fidelity-outline"
    >
      <rect
        x={region.x * width}
        y={region.y * height}
        width={region.width * width}
        height={region.height * height}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

function ResultMedia({
  generation,
  zoom,
  drawn,
}: {
  generation: GenerationView;
  zoom: Zoom;
  drawn: boolean;
}) {
  const result = generation.result;
  const title = generation.product.title;
  if (!result) {
    return (
      <figure className={styles.figure}>
        <div className={styles.frame}>
          <Text as="span" tone="subdued">
            {t('common.noResultYet')}
          </Text>
        </div>
      </figure>
    );
  }
  if (result.mediaType === 'video') {
    return (
      <figure className={styles.figure}>
        <div className={styles.frame}>
          {drawn ? (
            <GeneratedMedia
              result={result}
              label={t('common.generatedVideoOf', { title })}
              className={styles.fit}
            />
          ) : null}
        </div>
        <figcaption className={styles.caption}>{t('viewer.result')}</figcaption>
      </figure>
    );
  }
  return (
    <SizedImage
      src={result.previewUrl}
      fitSrc={resultImageAt(result, FRAME_SIDE)}
      alt={t('common.generatedImageOf', { title })}
      caption={t('viewer.result')}
      zoom={zoom}
      drawn={drawn}
      highlight={flagged(generation.fidelity)}
    />
  );
}

/** The region to outline: only where the check doubts the result (a faithful one has none). */
function flagged(fidelity: FidelityView | null): Region | null {
  if (!fidelity || fidelity.verdict === 'faithful') return null;
  return fidelity.region;
}

/** Keys typed into a field are the field's, not the viewer's. */
function typing(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return !!target?.closest('input, textarea, select, [contenteditable="true"]');
}

interface Props {
  /** The id its title takes: the dialog around it is named by it. */
  titleId: string;
  generations: GenerationView[];
  index: number;
  /** Results of the run waiting for review in all (the page may hold only some), if known. */
  waiting: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** A decision was made (on one result, or among a product's options): the list reloads. */
  onDecided: (views: GenerationView[]) => void;
}

/**
 * The large before/after of a page's generations, one at a time: the original beside the result
 * with their pixel sizes, zoom to actual size, and the keyboard for going through a run
 * (← → previous/next, A approve, R reject, Z zoom). A product with several options (a bulk
 * run's) shows them side by side instead, to choose one: A and R do not apply there.
 */
export function ReviewViewer({
  titleId,
  generations,
  index,
  waiting,
  onIndexChange,
  onClose,
  onDecided,
}: Props) {
  const [zoom, setZoom] = useState<Zoom>('fit');
  // What had focus when the viewer opened (read while rendering, before the modal takes focus).
  const [opener] = useState(() => document.activeElement);
  // Its content unmounts when the dialog closes (the focused button with it): focus goes back here.
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
  const generation = generations[index];
  // The click that opens the viewer is answered by the dialog with its title and buttons, its
  // body following; each step after by the title, badges and buttons with the pictures' frames
  // empty at their size, the pictures (a 2,048 px result beside its original) following. Each
  // follows in a render of its own, after that paint: drawn in the same one they held it back
  // 190-300 ms at load 2-9 (Activity's slowest interactions). The dialog's fixed height and the
  // frames' keep everything in place when they arrive.
  const [drawnIndex, setDrawnIndex] = useState<number | null>(null);
  useEffect(() => {
    // The task after the next frame's: that frame is the answer, without the pictures.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawnIndex(index)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [index]);
  const drawn = drawnIndex === index;
  const decide = useAction((id: string, action: 'approve' | 'reject') =>
    api.post<GenerationView>(`/generations/${encodeURIComponent(id)}/${action}`),
  );
  const optionGroup = generation?.optionGroup ?? null;
  const reviewable = generation?.state === 'in_review' && optionGroup === null;
  const style = useUseAsStyle();
  // The start form of the photo it was opened for: another photo shows its own images again.
  const [startFormOf, setStartFormOf] = useState<string | null>(null);
  const hasPrevious = index > 0;
  const hasNext = index < generations.length - 1;

  const run = async (action: 'approve' | 'reject') => {
    if (!generation || !reviewable || decide.pending) return;
    const view = await decide.run(generation.id, action);
    if (!view) return;
    shopify.toast.show(t(action === 'approve' ? 'actions.approved' : 'viewer.rejected'));
    onDecided([view]);
    if (hasNext) onIndexChange(index + 1);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event) || event.metaKey || event.ctrlKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if ((key === 'arrowright' || key === 'j') && hasNext) onIndexChange(index + 1);
      else if ((key === 'arrowleft' || key === 'k') && hasPrevious) onIndexChange(index - 1);
      else if (key === 'a') void run('approve');
      else if (key === 'r') void run('reject');
      else if (key === 'z') setZoom((current) => (current === 'fit' ? 'actual' : 'fit'));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!generation) return null;
  const before = generation.sourceImageUrls[0] ?? generation.product.imageUrl;
  const position = viewerPosition(generations, index, waiting);
  const startForm = startFormOf === generation.id;
  return (
    <>
      <DialogHeader
        titleId={titleId}
        title={`${generation.product.title} (${position})`}
        onClose={onClose}
      />
      <div className={dialogStyles.body}>
        {drawnIndex === null ? null : (
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <InlineStack gap="100">
                <StateBadge state={generation.state} />
                {generation.fidelity && !optionGroup ? (
                  <FidelityBadge fidelity={generation.fidelity} />
                ) : null}
              </InlineStack>
              <Button
                pressed={zoom === 'actual'}
                onClick={() => setZoom(zoom === 'fit' ? 'actual' : 'fit')}
              >
                {t(zoom === 'fit' ? 'viewer.zoomActual' : 'viewer.zoomFit')}
              </Button>
            </InlineStack>
            {!optionGroup && generation.fidelity ? (
              // Under its badge, above the pictures: on a phone the reason a result is held is
              // read before the pictures fill the screen, not below them.
              <FidelityFigures fidelity={generation.fidelity} />
            ) : null}
            {decide.error ? (
              <ErrorBanner error={decide.error} onDismiss={decide.clearError} />
            ) : null}
            {startForm ? (
              // Before the options: a published option is tested with the others of its click.
              <StartExperimentForm generation={generation} onCancel={() => setStartFormOf(null)} />
            ) : optionGroup ? (
              <ProductCandidates groupId={optionGroup} onChosen={onDecided} />
            ) : (
              <div className={styles.pair}>
                {before ? (
                  <SizedImage
                    src={before}
                    fitSrc={cdnImageAt(before, FRAME_SIDE)}
                    alt={t('viewer.originalOf', { title: generation.product.title })}
                    caption={t('viewer.original')}
                    zoom={zoom}
                    drawn={drawn}
                  />
                ) : null}
                <ResultMedia generation={generation} zoom={zoom} drawn={drawn} />
              </div>
            )}
            <StyleUsed style={generation.style} />
            <Text as="p" tone="subdued">
              {t('viewer.keyboard')}
            </Text>
          </BlockStack>
        )}
      </div>
      <div className={dialogStyles.footer}>
        <InlineStack align="end" gap="200">
          {reviewable ? (
            // Polaris' Modal showed a destructive action this way.
            <Button variant="primary" tone="critical" onClick={() => void run('reject')}>
              {t('viewer.reject')}
            </Button>
          ) : null}
          {canUseAsStyle(generation) ? (
            <Button loading={style.pending} onClick={() => void style.use(generation)}>
              {t('actions.useAsStyle')}
            </Button>
          ) : null}
          {canStartExperiment(generation) && !startForm ? (
            <Button onClick={() => setStartFormOf(generation.id)}>
              {t('experiments.start.button')}
            </Button>
          ) : null}
          <Button disabled={!hasPrevious} onClick={() => onIndexChange(index - 1)}>
            {t('viewer.previous')}
          </Button>
          <Button disabled={!hasNext} onClick={() => onIndexChange(index + 1)}>
            {t('viewer.next')}
          </Button>
          {reviewable ? (
            <Button variant="primary" loading={decide.pending} onClick={() => void run('approve')}>
              {t('viewer.approve')}
            </Button>
          ) : null}
        </InlineStack>
      </div>
    </>
  );
}

/**
 * "3 of 25", and how many wait for review: on this page (it changes with each decision), and in
 * all when the run has more than the page holds ("1 of 25" beside 29 waiting read as a mistake).
 */
function viewerPosition(
  generations: GenerationView[],
  index: number,
  waiting: number | null,
): string {
  const here = generations.filter((generation) => generation.state === 'in_review').length;
  const position = t('viewer.position', { number: index + 1, count: generations.length });
  if (waiting !== null && waiting > here) {
    return t('viewer.positionAll', { position, here, waiting });
  }
  return t('viewer.positionHere', { position, here });
}
