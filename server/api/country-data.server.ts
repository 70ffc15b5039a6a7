// The country-state-city data set's files (countries, their first-level divisions, ~150 000 cities),
// read from disk by the features that need them rather than through the package's API, which loads
// every city into memory for any question.
import { createRequire } from "node:module";
import path from "node:path";

let dir: string | undefined;

/** Where one of the data set's files is: "country.json", "state.json" or "city.json". */
export function countryDataFile(name: "country.json" | "state.json" | "city.json"): string {
  dir ??= path.join(
    path.dirname(createRequire(import.meta.url).resolve("country-state-city/package.json")),
    "lib",
    "assets",
  );
  return path.join(dir, name);
}
