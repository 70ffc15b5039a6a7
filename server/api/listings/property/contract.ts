/**
 * `total` of get_property is exact up to this many listings; past it, an estimate rounded to two
 * significant digits ("about 330,000"): counting every match of a broad search on a large
 * catalogue would read them all, and nobody needs the last digit of a six-figure total.
 */
export const EXACT_COUNT_UP_TO = 2_000;
