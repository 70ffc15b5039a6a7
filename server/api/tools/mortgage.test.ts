import { describe, expect, it } from "vitest";
import { mortgage, mortgageSchema } from "./mortgage";

describe("mortgage", () => {
  it("matches the standard annuity formula", () => {
    // 1,000,000 over 25 years at 4.5 %: 5,558.32 a month (P·r / (1 − (1 + r)^−n)).
    const m = mortgage({
      loan_amount: 1_200_000,
      down_payment: 200_000,
      interest_rate: 4.5,
      loan_term_years: 25,
    });
    expect(m.principal).toBe(1_000_000);
    expect(m.monthly_payment).toBe(5558.32);
    expect(m.total_payment).toBeCloseTo(m.total_interest + 1_000_000, 1);
    expect(m.total_interest).toBeCloseTo(667_497.43, 1);
    expect(m.years).toHaveLength(25);
    expect(m.years.at(-1)!.balance).toBe(0);
    const paid = m.years.reduce((s, y) => s + y.principal_paid, 0);
    expect(paid).toBeCloseTo(1_000_000, 0);
  });
  it("handles a zero interest rate", () => {
    expect(
      mortgage({ loan_amount: 120_000, down_payment: 0, interest_rate: 0, loan_term_years: 10 })
        .monthly_payment,
    ).toBe(1000);
  });
  it("stays finite and exact at rates too small for the plain formula (the fuzz found Infinity a month)", () => {
    for (const interest_rate of [3.216e-321, 1e-300, 1e-12]) {
      const m = mortgage({
        loan_amount: 333_333_333_333.3333,
        down_payment: 0,
        interest_rate,
        loan_term_years: 1,
      });
      expect(m.monthly_payment).toBeCloseTo(27_777_777_777.78, 1);
      expect(Number.isFinite(m.total_interest)).toBe(true);
    }
    // Where the plain formula loses digits: a trillion at 0.01 % over a year.
    expect(
      mortgage({ loan_amount: 1e12, down_payment: 0, interest_rate: 0.01, loan_term_years: 1 })
        .monthly_payment,
    ).toBe(83_337_847_291.18);
  });
  it("refuses impossible inputs with field messages", () => {
    const r = mortgageSchema.safeParse({
      loan_amount: "100",
      down_payment: "200",
      interest_rate: "101",
      loan_term_years: "0",
    });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toMatchObject({
      interest_rate: "Interest rate must be between 0 and 100",
      loan_term_years: "Loan term must be between 1 and 50 years",
    });
    const dp = mortgageSchema.safeParse({
      loan_amount: "100",
      down_payment: "200",
      interest_rate: "5",
      loan_term_years: "10",
    });
    expect(dp.error!.issues[0]!.message).toBe("Down payment must be less than the loan amount");
  });
});
