import { defineCall } from "../call";
import { mortgage, mortgageSchema } from "./mortgage";

export const mortgageCalculator = defineCall({
  name: "mortgage-calculator",
  method: "GET",
  access: "optional",
  tag: "tools",
  summary: "Monthly payment and totals of a fixed-rate mortgage; the amortization table needs the mortgage detail package",
  input: mortgageSchema,
  async handler(input) {
    const { years, ...summary } = mortgage(input);
    // Packages arrive later; until then the year-by-year table is always locked.
    const detailAllowed = false;
    return {
      data: {
        ...summary,
        detail_locked: !detailAllowed,
        amortization: input.show_all_details && detailAllowed ? years : null,
      },
    };
  },
});
