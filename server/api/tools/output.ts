// Answers of the tools: the mortgage calculator.
import { z } from "zod";
import { Gate, int } from "../output";

export const Mortgage = z.object({
  principal: z.number(),
  monthly_payment: z.number(),
  total_payment: z.number(),
  total_interest: z.number(),
  months: int,
  /** The year-by-year table needs a package with mortgage_calculator_detail. */
  detail_locked: z.boolean(),
  /** For a signed-in caller without it, the package that opens it. */
  detail_gate: Gate.nullable(),
  /** With show_all_details, for a caller who may see it. */
  amortization: z
    .array(
      z.object({ year: int, principal_paid: z.number(), interest_paid: z.number(), balance: z.number() }),
    )
    .nullable(),
});
