// The headers as securityheaders.com grades them: six headers must be present for an A; a policy
// that allows 'unsafe-inline' or 'unsafe-eval' anywhere is a warning, which withholds the A+.
import { describe, expect, it } from "vitest";
import {
  commonSecurityHeaders,
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
  staticFileHeaders,
} from "./headers";
import type { Env } from "../runtime/env.server";

const GRADED = [
  "content-security-policy",
  "strict-transport-security",
  "x-frame-options",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
];

function grade(headers: Record<string, string>) {
  const present = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
  const missing = GRADED.filter((h) => !present.has(h));
  const csp = Object.entries(headers).find(([k]) => k.toLowerCase() === "content-security-policy")?.[1] ?? "";
  const warnings = /'unsafe-(inline|eval)'/.test(csp) ? ["unsafe-inline or unsafe-eval in the CSP"] : [];
  const letter =
    missing.length === 0
      ? warnings.length
        ? "A"
        : "A+"
      : ["B", "C", "D", "E", "F"][Math.min(missing.length, 5) - 1]!;
  return { letter, missing, warnings };
}

const production = {
  MAP_STYLE_URL: "https://tiles.openfreemap.org/styles/liberty",
  FIREBASE_PROJECT_ID: "souq-prod",
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
} as unknown as Env;

describe("security headers over HTTPS", () => {
  it("a page grades A (all six headers; A+ is withheld only for inline styles)", () => {
    const page = {
      ...commonSecurityHeaders({ https: true }),
      "Content-Security-Policy": contentSecurityPolicy("abc", production, { https: true }),
    };
    const g = grade(page);
    expect(g).toEqual({ letter: "A", missing: [], warnings: ["unsafe-inline or unsafe-eval in the CSP"] });
    // The warning is the styles' only: scripts never run inline or from eval.
    const scripts = page["Content-Security-Policy"]
      .split(";")
      .find((d) => d.trim().startsWith("script-src"))!;
    expect(scripts).not.toMatch(/unsafe/);
  });

  it("a file grades A+ (its policy lets nothing run)", () => {
    expect(grade(staticFileHeaders({ https: true })).letter).toBe("A+");
  });

  it("plain http (the local demo) leaves out only HSTS, which browsers ignore there", () => {
    expect(grade(staticFileHeaders({ https: false })).missing).toEqual(["strict-transport-security"]);
  });

  it("the Permissions-Policy grants only geolocation and the microphone to us, among the powerful features", () => {
    expect(PERMISSIONS_POLICY).toContain("geolocation=(self)");
    expect(PERMISSIONS_POLICY).toContain("microphone=(self)");
    for (const off of ["camera", "usb", "serial", "hid", "midi", "display-capture"])
      expect(PERMISSIONS_POLICY).toContain(`${off}=()`);
  });

  it("third parties appear only when their feature is on", () => {
    const demo = contentSecurityPolicy(
      "n",
      { ...production, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" } as Env,
      { https: false },
    );
    expect(demo).not.toContain("googleapis");
    expect(demo).not.toContain("upgrade-insecure-requests");
    const real = contentSecurityPolicy("n", production, { https: true });
    expect(real).toContain("https://identitytoolkit.googleapis.com");
    expect(real).toContain("upgrade-insecure-requests");
    expect(real).toContain("'nonce-n'");
    // Uploads from a CDN: images, and the viewers' fetches of panoramas and 3D models.
    expect(real).not.toContain("cdn.souq.example");
    const cdn = contentSecurityPolicy(
      "n",
      { ...production, S3_PUBLIC_URL: "https://cdn.souq.example/files" },
      {
        https: true,
      },
    );
    for (const directive of ["connect-src", "img-src", "media-src"])
      expect(cdn.split(";").find((d) => d.trim().startsWith(directive))).toContain(
        "https://cdn.souq.example",
      );
  });
});
