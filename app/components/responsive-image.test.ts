import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImageView } from "~server/api/image-view";
import { ResponsiveImage, Thumbnail } from "./responsive-image";
import { packImage } from "~/lib/page-image";

const base = { url: "/u/p-640.webp", width: 1600, height: 1067, thumbhash: null, dominant: "#336699" };
const withAvif: ImageView = {
  ...base,
  variants: [
    { width: 320, url: "/u/p-320.webp", avif: "/u/p-320.avif" },
    { width: 640, url: "/u/p-640.webp", avif: "/u/p-640.avif" },
  ],
};
const webpOnly: ImageView = {
  ...base,
  variants: withAvif.variants.map(({ width, url }) => ({ width, url })),
};

const html = (image: ImageView, eager = false) =>
  renderToStaticMarkup(
    createElement(ResponsiveImage, { image, alt: "A flat", sizes: "50vw", eager, className: "x" }),
  );

describe("ResponsiveImage", () => {
  it("offers AVIF first in a <picture>, the WebP <img> keeping size, loading and colour", () => {
    const out = html(withAvif, true);
    expect(out).toMatch(
      /^<picture><source type="image\/avif" srcSet="\/u\/p-320\.avif 320w, \/u\/p-640\.avif 640w" sizes="50vw"\/><img /,
    );
    expect(out).toContain('srcSet="/u/p-320.webp 320w, /u/p-640.webp 640w"');
    expect(out).toContain('src="/u/p-640.webp"');
    expect(out).toMatch(/width="1600" height="1067" loading="eager" fetchPriority="high"/);
    expect(out).toContain('class="x"');
    expect(out).toContain("background-color:#336699");
    expect(out).toMatch(/<\/picture>$/);
  });

  it("is a plain WebP <img> for a photo without AVIF variants", () => {
    const out = html(webpOnly);
    expect(out).toMatch(/^<img /);
    expect(out).not.toContain("avif");
    expect(out).toContain('loading="lazy"');
  });

  it("renders a packed photo exactly as its full view, with the ThumbHash for the placeholder script", () => {
    const hashed: ImageView = { ...withAvif, thumbhash: "nhgKFYYpaGiUaXeAiJh3dKqBcNYJ" };
    const packed = packImage(hashed);
    expect(packed).not.toHaveProperty("variants");
    const render = (image: Parameters<typeof ResponsiveImage>[0]["image"]) =>
      renderToStaticMarkup(createElement(ResponsiveImage, { image, alt: "A flat", sizes: "50vw" }));
    expect(render(packed)).toBe(render(hashed));
    expect(render(packed)).toContain('data-thumbhash="nhgKFYYpaGiUaXeAiJh3dKqBcNYJ"');
    expect(html(withAvif)).not.toContain("data-thumbhash");
  });

  it("gives a thumbnail the smallest variant, AVIF first when there is one", () => {
    const thumb = (image: ImageView) =>
      renderToStaticMarkup(createElement(Thumbnail, { image, width: 120, height: 80 }));
    expect(thumb(withAvif)).toBe(
      '<picture><source type="image/avif" srcSet="/u/p-320.avif"/><img src="/u/p-320.webp" alt="" width="120" height="80" loading="lazy" decoding="async"/></picture>',
    );
    expect(thumb(webpOnly)).toBe(
      '<img src="/u/p-320.webp" alt="" width="120" height="80" loading="lazy" decoding="async"/>',
    );
  });
});
