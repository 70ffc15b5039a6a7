// The browser policies of every answer: a strict Content-Security-Policy with a nonce per page, a
// Permissions-Policy that grants only what the product uses, and the same security headers on
// static files, uploads and API answers as on pages (decision 021).
import { randomBytes } from "node:crypto";
import type { Env } from "../runtime/env.server";

/** A fresh nonce for one page: 128 random bits. */
export const newNonce = () => randomBytes(16).toString("base64");

/** Where violations are reported (logged, rate limited): see server/app.ts. */
export const CSP_REPORT_PATH = "/csp-report";

type Sources = Record<string, string[]>;

/** Each third party the product talks to, only when its feature is configured. */
function thirdParties(e: Env): Sources[] {
  const out: Sources[] = [];
  // Maps: the style's own origin serves its tiles, sprites and glyphs (fetched by MapLibre's workers).
  try {
    const style = new URL(e.MAP_STYLE_URL);
    out.push({ "connect-src": [style.origin], "img-src": [style.origin] });
  } catch {
    // a relative style lives on our own origin
  }
  // Uploads served from a bucket's or a CDN's own address: photos are images, and the panorama
  // and 3D viewers fetch theirs.
  if (e.S3_PUBLIC_URL) {
    try {
      const files = new URL(e.S3_PUBLIC_URL).origin;
      out.push({ "connect-src": [files], "img-src": [files], "media-src": [files] });
    } catch {
      // refused by the settings' own check
    }
  }
  // The Firebase SDK in the browser (not with the emulator: then the server signs people in itself).
  if (!e.FIREBASE_AUTH_EMULATOR_HOST) {
    const authDomain = e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`;
    out.push({
      "script-src": [
        "https://apis.google.com",
        "https://www.google.com/recaptcha/",
        "https://www.gstatic.com/recaptcha/",
      ],
      "connect-src": [
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
        "https://firebaseinstallations.googleapis.com",
        "https://fcmregistrations.googleapis.com",
      ],
      "frame-src": [
        `https://${authDomain}`,
        "https://www.google.com/recaptcha/",
        "https://recaptcha.google.com/recaptcha/",
      ],
      "form-action": ["https://accounts.google.com"],
    });
  }
  if (process.env.STRIPE_PUBLISHABLE_KEY) {
    out.push({
      "script-src": ["https://js.stripe.com"],
      "connect-src": ["https://api.stripe.com"],
      "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com"],
    });
  }
  // Card gateways that take the visitor to their own page after our form (Stripe's hosted Checkout
  // is where a card is paid without JavaScript: decision 050).
  out.push({
    "form-action": [
      "https://checkout.stripe.com",
      "https://checkout.paystack.com",
      "https://checkout.flutterwave.com",
      "https://www.paypal.com",
      "https://www.sandbox.paypal.com",
    ],
  });
  return out;
}

/** The policy of a page, its scripts allowed by `nonce` or by coming from our own origin. */
export function contentSecurityPolicy(nonce: string, e: Env, { https }: { https: boolean }): string {
  const policy: Sources = {
    "default-src": ["'self'"],
    // No 'unsafe-inline' and no 'unsafe-eval': an injected <script> or handler never runs.
    "script-src": ["'self'", `'nonce-${nonce}'`],
    // Inline style attributes carry the brand colour and layout measures; styles cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Photos of a listing may come from anywhere https (a provider's profile photo, video stills).
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "media-src": ["'self'", "blob:", "data:"],
    // MapLibre runs its workers from blob: addresses; the site's service worker (/sw.js: push and
    // offline pages, decision 048) is ours, as is the web app manifest below.
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
  };
  for (const extra of thirdParties(e)) {
    for (const [directive, sources] of Object.entries(extra))
      policy[directive] = [...new Set([...(policy[directive] ?? []), ...sources])];
  }
  const parts = Object.entries(policy).map(([directive, sources]) => `${directive} ${sources.join(" ")}`);
  if (https) parts.push("upgrade-insecure-requests");
  // Development only: Vite's reload channel is a WebSocket on a port of its own.
  if (process.env.NODE_ENV === "development")
    parts[parts.findIndex((p) => p.startsWith("connect-src"))] += " ws://localhost:* ws://127.0.0.1:*";
  parts.push(`report-uri ${CSP_REPORT_PATH}`);
  return parts.join("; ");
}

/**
 * What the product may use: geolocation ("use my location") and the microphone (voice messages) for
 * our own pages, full screen for photos and the video players we embed, payment for the card form.
 * Everything else is off, for us and for anything embedded.
 */
export const PERMISSIONS_POLICY = [
  "geolocation=(self)",
  "microphone=(self)",
  'fullscreen=(self "https://www.youtube-nocookie.com" "https://www.youtube.com" "https://player.vimeo.com")',
  'payment=(self "https://js.stripe.com")',
  'autoplay=(self "https://www.youtube-nocookie.com" "https://www.youtube.com" "https://player.vimeo.com")',
  'encrypted-media=(self "https://www.youtube-nocookie.com" "https://www.youtube.com" "https://player.vimeo.com")',
  'picture-in-picture=(self "https://www.youtube-nocookie.com" "https://www.youtube.com" "https://player.vimeo.com")',
  "camera=()",
  "display-capture=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  "accelerometer=()",
  "gyroscope=()",
  "magnetometer=()",
  "xr-spatial-tracking=()",
  "idle-detection=()",
  "screen-wake-lock=()",
  "publickey-credentials-get=()",
  "browsing-topics=()",
].join(", ");

/**
 * The policy of the service worker (/sw.js and the script it imports): its own origin, Firebase
 * Cloud Messaging's token calls, and the images of the notifications it shows. The front
 * (server/http/front.ts) gives the imported file, served as a static file, the same policy (a
 * browser registered there directly).
 */
export const SERVICE_WORKER_CSP =
  "default-src 'self'; connect-src 'self' https://*.googleapis.com; img-src 'self' data: https:";

/** Nothing in a file or a JSON answer may run or load anything: the policy of everything that is not a page. */
export const LOCKED_DOWN_CSP =
  "default-src 'none'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Uploaded files (listing photos above all) opened on their own, as a photo's link does without
 * JavaScript (decision 047): the browser shows an image in a page it styles inline (fitted to the
 * screen, a zoom cursor), which the locked-down policy would refuse, leaving a phone a 1280 px photo
 * to scroll around. Styles run nothing; everything else stays refused.
 */
export const UPLOADED_FILE_CSP = `${LOCKED_DOWN_CSP}; style-src 'unsafe-inline'`;

/** Headers every answer carries, pages and files alike. */
export function commonSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Static files and uploads: the common headers, and a policy under which a file can do nothing. */
export function staticFileHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    ...commonSecurityHeaders({ https }),
    "Content-Security-Policy": LOCKED_DOWN_CSP,
    "Cross-Origin-Resource-Policy": "same-site",
  };
}

/** HSTS and upgrades only where the site is served over HTTPS (not the local demo on plain http). */
export const servedOverHttps = () =>
  process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1";
