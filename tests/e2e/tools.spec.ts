import { expect, test } from "../fixtures/test";

test("the mortgage calculator works out the monthly payment on the server", async ({ page }) => {
  await page.goto("/mortgage-calculator");
  await page.getByLabel("Property price").fill("1200000");
  await page.getByLabel("Down payment").fill("200000");
  await page.getByLabel("Interest rate (% a year)").fill("4.5");
  await page.getByLabel("Loan term (years)").fill("25");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page).toHaveURL(/loan_amount=1200000/);
  // 1,000,000 over 25 years at 4.5 %: 5,558.32 a month, shown with the site's suffix setting.
  await expect(page.getByRole("status")).toContainText("Monthly payment: AED 5.56K");
  await expect(
    page.getByText("The full amortization table comes with the mortgage detail package."),
  ).toBeVisible();

  await page.getByLabel("Interest rate (% a year)").fill("120");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page.getByLabel("Interest rate (% a year)")).toHaveAccessibleDescription(
    "Interest rate must be between 0 and 100",
  );
});

test("the area converter knows regional units", async ({ page }) => {
  await page.goto("/area-converter");
  await page.getByLabel("Area").fill("1");
  await page.getByLabel("Unit").selectOption("acre");
  await page.getByRole("button", { name: "Convert" }).click();
  await expect(page.getByRole("row", { name: /Square feet/ })).toContainText("43,560");
  await expect(page.getByRole("row", { name: /Feddans/ })).toContainText("0.9633");
});
