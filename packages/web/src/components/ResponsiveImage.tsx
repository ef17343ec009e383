import { responsiveImage, type ImageFieldLike } from '@sortie/core';

export interface ResponsiveImageProps {
  /** An uploaded image (every width and format) or, for older records, an address. */
  image: ImageFieldLike | null | undefined;
  /** How wide the image is drawn, as the `sizes` attribute says it (« 80px », « (min-width: 56rem) 896px, 100vw »). */
  sizes: string;
  /** Its text alternative; the one given at upload when left out, '' for a decorative picture. */
  alt?: string;
  /** The box it is drawn in, when it differs from the picture's own size (a square thumbnail). */
  width?: number;
  height?: number;
  className?: string;
  /** The page's main image (its LCP): loaded at once, before the others. */
  priority?: boolean;
}

/**
 * An image of an event, a place, an organisation or an artist: a `<picture>` with AVIF and
 * WebP sources and a JPEG `<img>` (srcset and sizes, so a phone downloads the narrow file),
 * width and height so that nothing moves when it arrives, and lazy loading unless it is the
 * page's main image. Nothing is drawn for an empty field.
 */
export function ResponsiveImage({ image, sizes, alt, width, height, className, priority = false }: ResponsiveImageProps) {
  const data = responsiveImage(image, { sizes, alt });
  if (!data) return null;
  const img = (
    <img
      src={data.src}
      srcSet={data.srcSet}
      sizes={data.srcSet ? data.sizes : undefined}
      alt={data.alt}
      width={width ?? data.width}
      height={height ?? data.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
  if (data.sources.length === 0) return img;
  return (
    <picture>
      {data.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={data.sizes} />
      ))}
      {img}
    </picture>
  );
}

/** The `sizes` of a detail page's main image: the width of its max-w-4xl column (56rem less its 1rem paddings), the screen's below it. */
export const MAIN_IMAGE_SIZES = '(min-width: 56rem) 864px, calc(100vw - 2rem)';
