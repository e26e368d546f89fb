import type { CSSProperties } from 'react';
import type { GenerationView } from '../shared/contract.ts';

interface Props {
  result: NonNullable<GenerationView['result']>;
  /** The picture's alt text, or the video's label. */
  label: string;
  className?: string;
  /** Its box's size (the aspect ratio the request asked for), set before it loads. */
  style?: CSSProperties;
}

/** A generation's result as the browser shows it: a picture, or a muted video with controls. */
export function GeneratedMedia({ result, label, className, style }: Props) {
  return result.mediaType === 'video' ? (
    <video
      src={result.previewUrl}
      controls
      muted
      className={className}
      style={style}
      aria-label={label}
    />
  ) : (
    <img src={result.previewUrl} alt={label} className={className} style={style} />
  );
}
