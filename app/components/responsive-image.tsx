import { unpackImage, type PageImage } from "~/lib/page-image";
import { paintPlaceholder } from "~/lib/placeholder";

const srcSetOf = (entries: { url: string; width: number }[]) =>
  entries.map((e) => `${e.url} ${e.width}w`).join(", ");

/**
 * Variants through srcset so a phone downloads the 320 px file, not the 1280 px one. Photos that have
 * AVIF variants offer them first in a `<picture>`: browsers that decode AVIF take the smaller file,
 * the others fall back to the WebP `<img>`. Photos stored before AVIF was added have none, and get no
 * `<source>`, so nothing points at files that were never written. The `<img>` keeps everything
 * about display (the picture box is `display: contents`, see app.css): the dominant colour fills the
 * box until the image arrives, and with JavaScript the ThumbHash over it (app/lib/placeholder.ts);
 * width/height stop layout shift.
 */
export function ResponsiveImage({
  image: given,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: PageImage;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const image = unpackImage(given);
  const fallback = image.variants[Math.min(1, image.variants.length - 1)]!.url;
  const img = (
    <img
      src={fallback}
      srcSet={srcSetOf(image.variants)}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
      style={image.dominant ? { backgroundColor: image.dominant } : undefined}
      data-thumbhash={image.thumbhash ?? undefined}
      ref={paintPlaceholder}
    />
  );
  const avif = image.variants.flatMap((v) => (v.avif ? [{ url: v.avif, width: v.width }] : []));
  if (avif.length !== image.variants.length) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(avif)} sizes={sizes} />
      {img}
    </picture>
  );
}

/** A small fixed-size preview (owner lists): the smallest variant, AVIF first when the photo has it. */
export function Thumbnail({
  image: given,
  width,
  height,
}: {
  image: PageImage;
  width: number;
  height: number;
}) {
  const image = unpackImage(given);
  const smallest = image.variants[0];
  const img = (
    <img
      src={smallest?.url ?? image.url}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
  if (!smallest?.avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={smallest.avif} />
      {img}
    </picture>
  );
}
