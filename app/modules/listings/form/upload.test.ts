import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UploadProgress } from "~/modules/listings/form/upload";

const html = (progress: number | null) => renderToStaticMarkup(createElement(UploadProgress, { progress }));

describe("UploadProgress", () => {
  it("shows the share sent, then, once everything is sent, that the photos are being prepared", () => {
    expect(html(null)).toBe("");
    expect(html(42)).toContain('value="42"');
    expect(html(42)).toContain("Uploading… 42%");
    const done = html(100);
    expect(done).toContain("Preparing your photos…");
    // Indeterminate: no value, so it reads as work in progress rather than stuck at 100%.
    expect(done).not.toContain("value=");
  });
});
