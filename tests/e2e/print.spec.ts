import QRCode from "qrcode";
import { expect, test, type Page } from "../fixtures/test";

/** A public, non-premium demo property placed on the map, as any client finds one. */
async function demoProperty(page: Page) {
  const res = await page.request.get("/api/get_property?limit=30");
  const listings = (await res.json()).data as {
    slug_id: string;
    is_premium: boolean;
    latitude: number | null;
    title_image: unknown;
    customer: { name: string };
  }[];
  const hit = listings.find((l) => !l.is_premium && l.latitude !== null && l.title_image);
  if (!hit) throw new Error("no such listing in the demo data");
  return hit;
}

/** Pages in a PDF: each page object says `/Type /Page` (the tree of pages says `/Pages`). */
function pdfPages(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
}

/** The dark modules of the sheet's code, read from its path (`M x y h n v1 h-n z` per run). */
function cellsOfPath(d: string): string[] {
  const cells: string[] = [];
  for (const [, x, y, n] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let i = 0; i < Number(n); i++) cells.push(`${Number(x) + i},${y}`);
  return cells.sort();
}

/** The dark modules of the QR code of `url`, as the qrcode library makes it. */
function cellsOf(url: string): string[] {
  const { size, data } = QRCode.create(url, { errorCorrectionLevel: "M" }).modules;
  const cells: string[] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (data[y * size + x]) cells.push(`${x},${y}`);
  return cells.sort();
}

/** What every printed sheet must show, and that it is one A4 page. */
async function expectOnePrintedSheet(page: Page, url: string) {
  await page.emulateMedia({ media: "print" });
  const sheet = page.locator(".print-sheet");
  await expect(sheet.locator(".print-sheet__photo")).toBeVisible();
  await expect(sheet.locator(".print-sheet__photo")).toHaveJSProperty("complete", true);
  const map = sheet.locator(".print-sheet__map img");
  await expect(map).toBeVisible();
  const picture = await page.request.get(new URL((await map.getAttribute("src"))!, url).href);
  expect(picture.headers()["content-type"]).toMatch(/^image\//);
  // The code points at the listing: its modules are exactly those of the listing's address.
  const qr = sheet.locator(".print-sheet__qr svg");
  await expect(qr).toBeVisible();
  expect(cellsOfPath((await qr.locator("path").getAttribute("d"))!)).toEqual(cellsOf(url));
  await expect(sheet.locator(".print-sheet__url")).toHaveText(url);
  // Nothing of the site around it is on paper.
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".site-footer")).toBeHidden();
  await expect(page.locator(".print-tools")).toBeHidden();
  const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
  expect(pdfPages(pdf)).toBe(1);
}

const COPY = {
  en: {
    prefix: "",
    print: "Print this listing",
    contact: "Contact",
    listedBy: /Agent|Listed by/,
    developer: "Developer",
  },
  ar: {
    prefix: "/ar",
    print: "اطبع هذا الإعلان",
    contact: "التواصل",
    listedBy: /الوكيل|المعلن/,
    developer: "المطوّر",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  const copy = COPY[lang];

  test(`${lang}: a property prints on one A4 page: photo, price, facts, place, contact and a QR code to it`, async ({
    page,
    baseURL,
  }) => {
    const listing = await demoProperty(page);
    const path = `${copy.prefix}/properties-details/${listing.slug_id}`;
    await page.goto(path);
    // The listing's own page prints without the site around it too.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".site-header")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // All of it runs to several pages (which also shows the pages are counted right).
    expect(pdfPages(await page.pdf({ format: "A4", preferCSSPageSize: true }))).toBeGreaterThan(1);
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("link", { name: copy.print }).click();
    await expect(page).toHaveURL(`${path}/print`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const sheet = page.locator(".print-sheet");
    await expectOnePrintedSheet(page, baseURL + path);
    await expect(sheet.locator(".print-sheet__price")).toHaveText(/\d/);
    await expect(sheet.locator(".print-sheet__facts dt").first()).toBeVisible();
    const contact = page.getByRole("region", { name: copy.contact });
    await expect(contact).toContainText(copy.listedBy);
    await expect(contact).toContainText(listing.customer.name);
    // Without details shown, the sheet says where to find them; no buttons are printed.
    await expect(contact.locator(".print-sheet__ask")).toBeVisible();
    await expect(contact.getByRole("button")).toHaveCount(0);
  });

  test(`${lang}: a project prints on one A4 page with its developer and a QR code to it`, async ({
    page,
    baseURL,
  }) => {
    const slug = "azure-marina-residences";
    const project = await (await page.request.get(`/api/get-project-detail?slug_id=${slug}`)).json();
    const path = `${copy.prefix}/project-details/${slug}`;
    await page.goto(path);
    await page.getByRole("link", { name: copy.print }).click();
    await expect(page).toHaveURL(`${path}/print`);
    await expectOnePrintedSheet(page, baseURL + path);
    const contact = page.getByRole("region", { name: copy.contact });
    await expect(contact).toContainText(copy.developer);
    await expect(contact).toContainText(project.data.developer.name);
  });
}

test("the sheet offers the print dialog once scripts run, and says how to print without them", async ({
  page,
  javaScriptEnabled,
}) => {
  const listing = await demoProperty(page);
  await page.goto(`/properties-details/${listing.slug_id}/print`);
  const tools = page.getByRole("navigation", { name: "Print" });
  await expect(tools.getByRole("link", { name: "Back to the listing" })).toHaveAttribute(
    "href",
    `/properties-details/${listing.slug_id}`,
  );
  if (!javaScriptEnabled) {
    await expect(tools).toContainText("Use your browser's Print command");
    return;
  }
  await page.mouse.move(10, 10);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await tools.getByRole("button", { name: "Print" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});
