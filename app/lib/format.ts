// Money and numbers as spec §9 shows them.

const SOUTH_ASIAN = new Set(["INR", "BDT", "NPR", "PKR", "LKR"]);
const EAST_ASIAN = new Set(["JPY", "CNY", "KRW"]);

type Steps = [number, string][];

/** The units of spec §9's suffixes for a currency: Cr, L, K; 億, 万; or B, M, K. */
function stepsFor(currency: string): Steps {
  return SOUTH_ASIAN.has(currency)
    ? [
        [1e7, "Cr"],
        [1e5, "L"],
        [1e3, "K"],
      ]
    : EAST_ASIAN.has(currency)
      ? [
          [1e8, "億"],
          [1e4, "万"],
        ]
      : [
          [1e9, "B"],
          [1e6, "M"],
          [1e3, "K"],
        ];
}

/** The largest unit that fits, counted in hundredths so rounding cannot read "1000K". */
function inUnits(amount: number, steps: Steps): { value: number; suffix: string } {
  for (let i = 0; i < steps.length; i++) {
    const [size, suffix] = steps[i]!;
    if (Math.abs(amount) < size) continue;
    const value = Math.round((amount / size) * 100) / 100;
    // Rounding can reach the next unit: 999,999 reads "1.00M", not "1000.00K".
    const bigger = steps[i - 1];
    if (bigger && Math.abs(value * size) >= bigger[0])
      return { value: Math.round((amount / bigger[0]) * 100) / 100, suffix: bigger[1] };
    return { value, suffix };
  }
  return { value: Math.round(amount * 100) / 100, suffix: "" };
}

/**
 * An amount with the suffix setting on (spec §9): "1.25M", "1.50M", "2.50Cr", "3.00億", "950.00".
 * Amounts are shown with 2 decimals, suffixed or not, so prices side by side line up (decision 043).
 */
export function withSuffix(amount: number, currency: string): string {
  const { value, suffix } = inUnits(amount, stepsFor(currency));
  return `${value.toFixed(2)}${suffix}`;
}

/** A count made short ("1.5K", "12K"): not an amount, so no trailing zeros. */
export function shortCount(n: number): string {
  const { value, suffix } = inUnits(n, stepsFor(""));
  return `${value}${suffix}`;
}

export interface PriceOptions {
  locale: string;
  currency: string;
  symbol: string;
  suffix: boolean;
}

/** A listing price: "AED 1.25M" with the suffix setting, else "AED 1,250,000.00"; always 2 decimals. */
export function formatPrice(amount: number, o: PriceOptions): string {
  if (o.suffix) return `${o.symbol} ${withSuffix(amount, o.currency)}`;
  const n = new Intl.NumberFormat(o.locale === "ar" ? "ar-AE" : "en-AE", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${o.symbol} ${n}`;
}

/** Spec §9 slug (the API makes category and article slugs with the same rule). */
export { slugify } from "~server/api/contract/slug";

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];

/**
 * Spec §9 relative time: the largest of year (365 days), month (30 days), week, day, hour, minute,
 * second that fits, else 'just now'. Worded by Intl for the page's language.
 */
export function relativeTime(date: Date | string, locale: string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(date).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= size) return rtf.format(-Math.trunc(seconds / size), unit);
  }
  return locale === "ar" ? "الآن" : "just now";
}

/** A duration in whole units: days and hours from 24 hours on (minutes then 0), else hours and minutes. */
export type DurationParts = { days: number; hours: number; minutes: number };

/**
 * Spec §9: durations of 24 hours or more are shown in days (and the hours left over, the minutes
 * then too small to matter); shorter ones in hours and minutes.
 */
export function durationParts(totalMinutes: number): DurationParts {
  const minutes = Math.max(0, Math.round(totalMinutes));
  if (minutes >= 24 * 60) {
    const hours = Math.round(minutes / 60);
    return { days: Math.floor(hours / 24), hours: hours % 24, minutes: 0 };
  }
  return { days: 0, hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Spec §9: truncated text ends with an ellipsis, cut at a word boundary where one is near. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
