// Money and numbers as spec §9 shows them.

const SOUTH_ASIAN = new Set(["INR", "BDT", "NPR", "PKR", "LKR"]);
const EAST_ASIAN = new Set(["JPY", "CNY", "KRW"]);

/** "1.25M", "3.5Cr", "2億" … with the suffix setting on (spec §9); 2 decimals at most. */
export function withSuffix(amount: number, currency: string): string {
  const steps: [number, string][] = SOUTH_ASIAN.has(currency)
    ? [[1e7, "Cr"], [1e5, "L"], [1e3, "K"]]
    : EAST_ASIAN.has(currency)
      ? [[1e8, "億"], [1e4, "万"]]
      : [[1e9, "B"], [1e6, "M"], [1e3, "K"]];
  for (const [size, suffix] of steps) {
    if (Math.abs(amount) >= size) return `${trim2(amount / size)}${suffix}`;
  }
  return trim2(amount);
}

function trim2(n: number): string {
  return (Math.round(n * 100) / 100).toString();
}

export interface PriceOptions {
  locale: string;
  currency: string;
  symbol: string;
  suffix: boolean;
}

/** A listing price: "AED 1.25M" with the suffix setting, else "AED 1,250,000.00". */
export function formatPrice(amount: number, o: PriceOptions): string {
  if (o.suffix) return `${o.symbol} ${withSuffix(amount, o.currency)}`;
  const n = new Intl.NumberFormat(o.locale === "ar" ? "ar-AE" : "en-AE", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `${o.symbol} ${n}`;
}

/** Spec §9 slug: lowercase, letters, digits and hyphens, spaces become hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}-]/gu, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
