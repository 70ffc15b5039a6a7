// Every form that posts shows that it is working and refuses a second press (./submit-form.tsx).
// This reads the app's source: a form that posts must be the shared `Form` (React Router's own, a
// fetcher's or a plain <form> would send twice), and its buttons `SubmitButton`s. What the browser
// then does with them is the browser tests' part (tests/e2e/feedback.spec.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const APP = join(import.meta.dirname, "..");

/** Files whose posting forms are someone else's work in progress, each with why it is left. */
const LEFT: Record<string, string> = {
  // A toggle that sends the state it sets (type=1 or 0): sending it twice changes nothing, and a
  // second press is meant to undo the first.
  "modules/favourites/heart.tsx": "idempotent toggle",
  // Card payments: Stripe's own form (its element confirms the payment; the webhook decides).
  "modules/payments/stripe-payment.tsx": "Stripe's payment element",
  "routes/user-checkout.tsx": "payment choice, being reworked for Stripe Checkout",
  // Reports (a listing, a person, the team) are being reworked with their own forms.
  "modules/reports/report-form.tsx": "reports",
  "modules/reports/report-panel.tsx": "reports",
  "routes/admin/reports.tsx": "reports",
  // Its plans' rows ("Add a plan") are being reworked; the form itself is the shared
  // ListingFormShell, whose upload sends once (../modules/listings/form/upload.tsx).
  "modules/listings/project/project-form.tsx": "plans' rows",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".tsx") && !e.name.endsWith(".test.tsx") ? [path] : [];
  });
}

/** The opening tag that starts at `from` (`<Form …>`), its braces and strings skipped. */
function openingTag(src: string, from: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (depth === 0 && (c === '"' || c === "'")) quote = c;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === ">" && depth === 0) return src.slice(from, i + 1);
  }
  return src.slice(from);
}

type Found = { file: string; line: number; tag: string };

function tags(file: string, src: string, pattern: RegExp): Found[] {
  return [...src.matchAll(pattern)].map((m) => ({
    file,
    line: src.slice(0, m.index).split("\n").length,
    tag: openingTag(src, m.index!).replace(/\s+/g, " "),
  }));
}

const posts = (tag: string) => !/method="(get|dialog)"/i.test(tag);

const files = sources(APP)
  .map((path) => ({ file: relative(APP, path), src: readFileSync(path, "utf8") }))
  .filter(({ file }) => !(file in LEFT) && file !== "components/submit-form.tsx");

describe("forms that post", () => {
  const forms = files.flatMap(({ file, src }) => tags(file, src, /<(?:[\w.]+\.)?Form\b|<form\b/g));

  it("are found (the search itself works)", () => {
    expect(forms.filter((f) => posts(f.tag)).length).toBeGreaterThan(60);
  });

  it("use the shared Form, which knows when it is being sent", () => {
    const wrong = forms
      .filter((f) => posts(f.tag))
      .filter((f) => {
        const src = files.find((x) => x.file === f.file)!.src;
        const shared = /import \{[^}]*\bForm\b[^}]*\} from "~\/components\/submit-form"/.test(src);
        // A plain <form> is fine where the page sends it itself with its own guard (a video
        // upload with a progress bar) and its button is a SubmitButton told it is pending.
        if (f.tag.startsWith("<form")) return !/onSubmit=/.test(f.tag) || !/<SubmitButton\b/.test(src);
        return !f.tag.startsWith("<Form") || !shared;
      })
      .map((f) => `${f.file}:${f.line} ${f.tag.slice(0, 80)}`);
    expect(wrong).toEqual([]);
  });

  it("press SubmitButtons, which show the form is working and refuse a second press", () => {
    // A raw submit button is only right in a search form (a GET: sending it twice is harmless)
    // or as a step that reads the page again (formMethod="get").
    const raw = files.flatMap(({ file, src }) =>
      tags(file, src, /<button\b/g)
        .filter((b) => /type="submit"/.test(b.tag) && !/formMethod="get"/.test(b.tag))
        .filter(() => {
          const own = tags(file, src, /<(?:[\w.]+\.)?Form\b|<form\b/g);
          return own.length === 0 || own.some((f) => posts(f.tag));
        })
        .map((b) => `${b.file}:${b.line} ${b.tag.slice(0, 80)}`),
    );
    expect(raw).toEqual([]);
  });
});
