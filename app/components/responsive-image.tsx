import type { ImageView } from "~server/api/properties/service";

/**
 * WebP variants through srcset so a phone downloads the 320 px file, not the 1280 px one.
 * The dominant colour fills the box until the image arrives; width/height stop layout shift.
 */
export function ResponsiveImage({ image, alt, sizes, eager = false, className }: { image: ImageView; alt: string; sizes: string; eager?: boolean; className?: string }) {
  const srcSet = image.variants.map((v) => `${v.url} ${v.width}w`).join(", ");
  const fallback = image.variants[Math.min(1, image.variants.length - 1)]!.url;
  return (
    <img
      src={fallback}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
      style={image.dominant ? { backgroundColor: image.dominant } : undefined}
    />
  );
}
