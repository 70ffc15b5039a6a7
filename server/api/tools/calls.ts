import { defineCall } from "../call";
import { missingFeatureGate, packageCheck } from "../packages/quota";
import { mortgage, mortgageSchema } from "./mortgage";
import { Mortgage } from "./output";

export const mortgageCalculator = defineCall({
  name: "mortgage-calculator",
  method: "GET",
  access: "optional",
  tag: "tools",
  summary:
    "Monthly payment and totals of a fixed-rate mortgage; with show_all_details, the year-by-year amortization table for holders of a package with mortgage_calculator_detail (else detail_gate says why)",
  input: mortgageSchema,
  output: Mortgage,
  async handler(input, ctx) {
    const { years, ...summary } = mortgage(input);
    // The table is a package feature (spec §6) without a count: a live package with it is enough.
    const check = ctx.user ? await packageCheck(ctx.db, ctx.user.id, "mortgage_calculator_detail") : null;
    const detailAllowed = check?.feature_available ?? false;
    const gate = check && !detailAllowed ? missingFeatureGate(check, "mortgage_calculator_detail") : null;
    return {
      data: {
        ...summary,
        detail_locked: !detailAllowed,
        detail_gate: gate,
        amortization: input.show_all_details && detailAllowed ? years : null,
      },
    };
  },
});
