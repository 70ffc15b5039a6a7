// The icon of a category, detail or facility: an SVG address from the API (server/media/icon-url.ts),
// or, for a value an admin typed that is neither (an old emoji), that value through the same mapping.
import { iconUrl } from "~server/media/contract";

export function Icon({ value, size = 20 }: { value: string | null | undefined; size?: number }) {
  const src = iconUrl(value);
  if (!src) return null;
  return (
    <img
      className="icon"
      src={src}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
