// Mortgage arithmetic: a fixed-rate loan repaid in equal monthly instalments.
import { z } from "zod";

const amount = (label: string) =>
  z.coerce
    .number({ error: (i) => (i.code === "invalid_type" ? `${label} must be a number` : undefined) })
    .min(0, `${label} must be 0 or more`)
    .max(1e12, `${label} is too large`);

export const mortgageSchema = z
  .object({
    loan_amount: amount("Loan amount").refine((v) => v > 0, "Loan amount is required"),
    down_payment: amount("Down payment").default(0),
    interest_rate: z.coerce
      .number({ error: (i) => (i.code === "invalid_type" ? "Interest rate must be a number" : undefined) })
      .min(0, "Interest rate must be between 0 and 100")
      .max(100, "Interest rate must be between 0 and 100"),
    loan_term_years: z.coerce
      .number({ error: (i) => (i.code === "invalid_type" ? "Loan term must be a number" : undefined) })
      .int("Loan term must be whole years")
      .min(1, "Loan term must be between 1 and 50 years")
      .max(50, "Loan term must be between 1 and 50 years"),
    show_all_details: z
      .enum(["0", "1", "true", "false"])
      .optional()
      .transform((v) => v === "1" || v === "true"),
  })
  .refine((v) => v.down_payment < v.loan_amount, {
    path: ["down_payment"],
    message: "Down payment must be less than the loan amount",
  });

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface YearRow {
  year: number;
  principal_paid: number;
  interest_paid: number;
  balance: number;
}

export function mortgage(input: {
  loan_amount: number;
  down_payment: number;
  interest_rate: number;
  loan_term_years: number;
}) {
  const principal = input.loan_amount - input.down_payment;
  const months = input.loan_term_years * 12;
  const r = input.interest_rate / 100 / 12;
  // 1 − (1 + r)^−n through expm1/log1p: spelt out, a tiny rate rounds it to 0 (an Infinity a month)
  // or loses digits; below a negligible rate the loan is simply split into equal parts.
  const monthly =
    r * months < 1e-15 ? principal / months : (principal * r) / -Math.expm1(-months * Math.log1p(r));
  const years: YearRow[] = [];
  let balance = principal;
  for (let y = 1; y <= input.loan_term_years; y++) {
    let p = 0;
    let i = 0;
    for (let m = 0; m < 12; m++) {
      const interest = balance * r;
      const repaid = Math.min(monthly - interest, balance);
      i += interest;
      p += repaid;
      balance -= repaid;
    }
    years.push({
      year: y,
      principal_paid: round2(p),
      interest_paid: round2(i),
      balance: round2(Math.max(balance, 0)),
    });
  }
  return {
    principal: round2(principal),
    monthly_payment: round2(monthly),
    total_payment: round2(monthly * months),
    total_interest: round2(monthly * months - principal),
    months,
    years,
  };
}
