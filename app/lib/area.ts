// Area units people in our markets use, in square metres. Regional units: the feddan and qirat
// (Egypt), the dunam (Levant and Gulf land registries).
export const AREA_UNITS = {
  sqm: 1,
  sqft: 0.09290304,
  sqyd: 0.83612736,
  acre: 4046.8564224,
  hectare: 10_000,
  sqkm: 1_000_000,
  feddan: 4200.83,
  qirat: 175.035,
  dunam: 1000,
} as const;

export type AreaUnit = keyof typeof AREA_UNITS;
export const isAreaUnit = (u: unknown): u is AreaUnit => typeof u === "string" && u in AREA_UNITS;

export function convertArea(value: number, from: AreaUnit, to: AreaUnit): number {
  return (value * AREA_UNITS[from]) / AREA_UNITS[to];
}

/** Up to 4 significant decimals, no trailing zeros. */
export function formatArea(n: number, locale: string): string {
  return new Intl.NumberFormat(locale === "ar" ? "ar-AE" : "en-US", {
    maximumFractionDigits: n < 1 ? 6 : 4,
  }).format(n);
}
