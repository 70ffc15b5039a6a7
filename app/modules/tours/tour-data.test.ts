import { describe, expect, it } from "vitest";
import {
  clampRect,
  fileSize,
  isConstrained,
  mapImageOf,
  pageSrcSet,
  panoramaPlacement,
  photoPlacement,
  plainPlanSvg,
  planCentre,
  sharpUrl,
  startRoom,
  type TourRoomView,
} from "./tour-data";

const variants = (widths: number[]) => widths.map((w) => ({ width: w, url: `/u/pano-${w}.webp` }));
const image = (widths: number[]) => ({
  url: `/u/pano-${widths.at(-1)}.webp`,
  small: `/u/pano-${widths[0]}.webp`,
  width: widths.at(-1)!,
  height: widths.at(-1)! / 2,
  variants: variants(widths),
  thumbhash: null,
  dominant: "#887766",
});

function room(id: number, withImage = true, over: Partial<TourRoomView> = {}): TourRoomView {
  return {
    id,
    name: `Room ${id}`,
    kind: "panorama",
    image: withImage ? image([512, 2048, 4096]) : null,
    plan: { x: 0, y: 0, w: 50, h: 50 },
    links: [],
    ...over,
  };
}

describe("startRoom", () => {
  it("opens in the owner's chosen room", () => {
    expect(startRoom({ start_room_id: 2, fullRoomData: [room(1), room(2)] })?.id).toBe(2);
  });
  it("falls back to the first room with a picture", () => {
    expect(startRoom({ start_room_id: null, fullRoomData: [room(1, false), room(2), room(3)] })?.id).toBe(2);
    // A chosen room that has lost its picture cannot be shown.
    expect(startRoom({ start_room_id: 1, fullRoomData: [room(1, false), room(3)] })?.id).toBe(3);
  });
  it("is null when no room has a picture", () => {
    expect(startRoom({ start_room_id: null, fullRoomData: [room(1, false)] })).toBeNull();
  });
});

describe("sharpUrl", () => {
  const pano = image([512, 2048, 4096]);
  it("gives desktops on a good connection the largest picture", () => {
    expect(sharpUrl(pano, { narrow: false, effectiveType: "4g" })).toBe("/u/pano-4096.webp");
    expect(sharpUrl(pano, { narrow: false })).toBe("/u/pano-4096.webp");
  });
  it("gives phones, data savers and slow connections the 2048 one", () => {
    expect(sharpUrl(pano, { narrow: true })).toBe("/u/pano-2048.webp");
    expect(sharpUrl(pano, { narrow: false, saveData: true })).toBe("/u/pano-2048.webp");
    expect(sharpUrl(pano, { narrow: false, effectiveType: "3g" })).toBe("/u/pano-2048.webp");
    expect(sharpUrl(pano, { narrow: false, effectiveType: "slow-2g" })).toBe("/u/pano-2048.webp");
  });
  it("takes what there is for small originals", () => {
    expect(sharpUrl(image([512, 1800]), { narrow: true })).toBe("/u/pano-1800.webp");
    expect(sharpUrl(image([3000]), { narrow: true })).toBe("/u/pano-3000.webp");
  });
  it("knows a constrained device", () => {
    expect(isConstrained({ narrow: false, effectiveType: "4g" })).toBe(false);
    expect(isConstrained({ narrow: false, effectiveType: "2g" })).toBe(true);
  });
});

describe("pageSrcSet", () => {
  it("lists the page's sizes smallest first, without the desktop-only 4096", () => {
    expect(pageSrcSet({ variants: variants([2048, 512, 4096]) })).toBe(
      "/u/pano-512.webp 512w, /u/pano-2048.webp 2048w",
    );
  });
});

describe("the plan in pixels", () => {
  it("puts a hotspot at the centre of the room's rectangle", () => {
    expect(planCentre({ x: 10, y: 20, w: 30, h: 40 }, { width: 1000, height: 500 })).toEqual({
      x: 250,
      y: 200,
    });
  });
  it("keeps rectangles on the plan", () => {
    expect(clampRect({ x: -5, y: 90, w: 20, h: 30 })).toEqual({ x: 0, y: 90, w: 20, h: 10 });
  });
  it("uses a stored plan's variant and its height from the original's proportions", () => {
    const plan = {
      url: "/u/plan-1600.webp",
      width: 1600,
      height: 1200,
      variants: [
        { width: 320, url: "/u/plan-320.webp" },
        { width: 1280, url: "/u/plan-1280.webp" },
        { width: 1600, url: "/u/plan-1600.webp" },
      ],
    };
    expect(mapImageOf(plan, [])).toEqual({ url: "/u/plan-1280.webp", width: 1280, height: 960 });
  });
  it("draws a plain plan when there is none, names escaped", () => {
    const map = mapImageOf(null, [{ name: "Kids & <guests>", plan: { x: 10, y: 10, w: 40, h: 30 } }]);
    expect(map.width).toBe(1000);
    expect(map.height).toBe(1000);
    expect(map.url.startsWith("data:image/svg+xml")).toBe(true);
    const svg = decodeURIComponent(map.url.slice(map.url.indexOf(",") + 1));
    expect(svg).toContain('<rect x="100" y="100" width="400" height="300"');
    expect(svg).toContain("Kids &#38; &#60;guests&#62;");
    expect(plainPlanSvg([])).toContain("svg");
  });
});

describe("placing pictures on the sphere", () => {
  it("lays a photo over 90° of the sphere, centred", () => {
    const p = photoPlacement(1280, 960);
    expect(p.fullWidth).toBe(5120);
    expect(p.fullHeight).toBe(2560);
    expect(p.croppedX).toBe((5120 - 1280) / 2);
    expect(p.croppedY).toBe((2560 - 960) / 2);
    // The small and the sharp file of the same photo cover the same angles.
    const small = photoPlacement(320, 240);
    expect(small.croppedWidth / small.fullWidth).toBe(p.croppedWidth / p.fullWidth);
    expect(small.croppedHeight / small.fullHeight).toBe(p.croppedHeight / p.fullHeight);
  });
  it("fits a very tall photo between the poles", () => {
    const p = photoPlacement(500, 2000);
    expect(p.fullHeight).toBe(2000);
    expect(p.croppedY).toBe(0);
  });
  it("wraps a panorama round the whole sphere", () => {
    expect(panoramaPlacement(4096, 2048)).toMatchObject({
      fullWidth: 4096,
      fullHeight: 2048,
      croppedX: 0,
      croppedY: 0,
    });
    expect(panoramaPlacement(4000, 1000)).toMatchObject({ fullHeight: 2000, croppedY: 500 });
  });
});

describe("fileSize", () => {
  it("says a download's size in the reader's numbers", () => {
    expect(fileSize(1_400_000, "en")).toBe("1.4 MB");
    expect(fileSize(12_600_000, "en")).toBe("13 MB");
    expect(fileSize(800, "en")).toBe("1 kB");
    // The unit in Arabic too, from Intl rather than the translations.
    expect(fileSize(1_400_000, "ar")).not.toContain("MB");
  });
});
