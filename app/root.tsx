import { siteOrigin } from "~/lib/origin.server";
import { readPosition } from "~/modules/location/position.server";
import { useEffect, useMemo, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { createTranslator, TranslationProvider, useDictionary, useTranslation } from "./lib/translate";
import { Toasts, showToast } from "./components/toasts";
import type { Route } from "./+types/root";
import { dirOf, localeFromPath, localizePath, type Locale } from "./lib/i18n";
import { getLocale, i18nextMiddleware } from "./lib/i18n.server";
import { dictionaryUrl } from "./lib/dictionary.server";
import { rootShouldRevalidate } from "./lib/revalidate";
import { getSessionToken, getViewer } from "./lib/session.server";
import { api } from "./lib/api.server";
import { readToast } from "./lib/toast.server";
import { getSiteSettings } from "./lib/settings.server";
import { honeypotInputProps } from "./lib/honeypot.server";
import { brandStyle } from "./lib/brand";
import { publicEnv } from "~server/runtime/env.server";
import { ProgressBar } from "./components/progress-bar";
import { PushMessages } from "./modules/push/push";
import { useNonce } from "./lib/nonce";
import { nameRoute, useRequestReference } from "./lib/request-reference";
import type { RootData } from "./lib/root-data";
import "./styles/app.css";

/** The request's route, by its pattern rather than its path, for the server's log line and metrics. */
const namePattern: Route.MiddlewareFunction = ({ pattern }, next) => {
  nameRoute(pattern);
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [namePattern, i18nextMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const [viewer, { toast: flash, clear }, settings, unread, position, honeypot] = await Promise.all([
    getViewer(request),
    readToast(request),
    getSiteSettings(),
    unreadCounts(request),
    readPosition(request),
    honeypotInputProps(),
  ]);
  const headers = new Headers();
  if (clear) headers.append("set-cookie", clear);
  // Pages that know who is looking (or where they are: distances) must not be stored by a shared cache.
  if (viewer || flash || position) headers.set("x-personal", "1");
  const root: RootData = {
    locale,
    /** Where the browser gets this language's translations (a file cached for a year), not the translations themselves. */
    dictionary: dictionaryUrl(locale),
    viewer: viewer ? { name: viewer.name, email: viewer.email, admin: viewer.admin } : null,
    /** The header's badges: unread messages and notifications. */
    unread: viewer ? unread : null,
    toast: flash,
    env: publicEnv(),
    // Absolute URLs in canonical links and previews; PUBLIC_ORIGIN wins behind a proxy.
    origin: siteOrigin(request),
    settings,
    honeypot,
  };
  return data(root, { headers });
}

/** Asked alongside the viewer (the API checks the same session); a failure only hides the badges. */
async function unreadCounts(request: Request) {
  if (!(await getSessionToken(request))) return null;
  const res = await api("get-unread-counts", {}, { request }).catch(() => null);
  return res && !res.error ? res.data : null;
}

// Not again for filters (same page, other search parameters); after every form post, as by default.
export const shouldRevalidate = rootShouldRevalidate;

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const out = new Headers();
  if (loaderHeaders.get("x-personal")) out.set("x-personal", "1");
  return out;
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // The error page may render without loader data; the URL still says which language it is.
  const locale =
    root?.locale ?? (typeof window === "undefined" ? "en" : localeFromPath(window.location.pathname));
  const nonce = useNonce();
  return (
    // data-dictionary: the translations entry.client.tsx fetches before React hydrates the page.
    <html
      lang={locale}
      dir={dirOf(locale)}
      data-dictionary={root?.dictionary}
      data-hydrate={useEagerHydration(Boolean(root?.toast)) ? "eager" : undefined}
      style={brandStyle(root?.settings)}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Light and dark (app.css): the browser paints its canvas and controls to match before the CSS arrives. */}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content={root?.settings.svg_clr ?? "#0f766e"} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The installed app of this language: its name, colour and icons (decision 048). */}
        <link rel="manifest" href={localizePath(locale, "/manifest.webmanifest")} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        {useRouteScripts() ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * A route that needs JavaScript on arrival exports `handle = { hydrateNow: (url) => boolean }`;
 * a message waiting to be shown needs it too. Everything else hydrates on the visitor's first
 * interaction (app/entry.client.tsx).
 */
export type HydrationHandle = { hydrateNow?: (url: URL) => boolean };

/**
 * A page React must never take over exports `handle = { scripts: false }`: the offline page, which
 * the service worker also shows at the addresses of pages it could not load (decision 048), where
 * React Router would look for the route of the address instead.
 */
export type ScriptsHandle = { scripts?: false };

function useRouteScripts() {
  return useMatches().every((m) => (m.handle as ScriptsHandle | undefined)?.scripts !== false);
}

function useEagerHydration(messageWaiting: boolean) {
  const matches = useMatches();
  const location = useLocation();
  if (messageWaiting) return true;
  const url = new URL(location.pathname + location.search, "http://x");
  return matches.some((m) => (m.handle as HydrationHandle | undefined)?.hydrateNow?.(url));
}

export default function App() {
  const { locale, dictionary: url, toast: flash } = useLoaderData<typeof loader>();
  const dictionary = useDictionary(url);
  const translator = useMemo(() => createTranslator(locale, dictionary), [locale, dictionary]);
  // Each message once, even if the words arrive again later (a new dictionary after an update).
  const shown = useRef<typeof flash>(null);
  useEffect(() => {
    if (!flash || shown.current === flash) return;
    shown.current = flash;
    showToast(flash.type, translator.t(flash.message));
  }, [flash, translator]);
  return (
    <TranslationProvider value={translator}>
      <ProgressBar />
      <Outlet />
      <Toasts />
      <PushMessages />
    </TranslationProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.locale ?? "en";
  const dictionary = useDictionary(root?.dictionary);
  const translator = useMemo(() => createTranslator(locale, dictionary), [locale, dictionary]);
  return (
    <TranslationProvider value={translator}>
      <main id="main">
        <ErrorPage error={error} locale={locale} />
      </main>
    </TranslationProvider>
  );
}

/** A friendly page for any failure: what happened in words, a way back, never a stack trace. */
export function ErrorPage({ error, locale }: { error: unknown; locale: Locale }) {
  const { t } = useTranslation();
  const reference = useRequestReference();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // In the browser only: the server writes its errors to its log (app/entry.server.tsx, handleError).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const title =
    status === 404
      ? t("Page not found")
      : status === 403
        ? t("Not allowed")
        : // The database is away for a moment (decision 041): nothing is broken, come back shortly.
          status === 503
          ? t("The service is briefly unavailable")
          : t("Oops! Something went wrong. Please try again later");
  const detail =
    status === 404
      ? t("The page you are looking for does not exist or has moved.")
      : status === 403
        ? t("This page is for the marketplace's admins only.")
        : t("We could not load this page. Please try again in a moment.");
  return (
    <section className="error-page" role="alert">
      <p className="error-page__code">{status}</p>
      <h1>{title}</h1>
      <p>{detail}</p>
      <p className="error-page__actions">
        <a className="button" href={localizePath(locale, "/")}>
          {t("Go to home")}
        </a>
        <a className="button button--ghost" href={localizePath(locale, "/properties")}>
          {t("Browse properties")}
        </a>
      </p>
      {reference ? <Reference id={reference} /> : null}
    </section>
  );
}

/**
 * "Reference: <id>", for a person to quote to support. The id is isolated from the sentence around
 * it (Arabic runs right to left); its attribute is where the browser reads it back when it takes
 * the page over (app/lib/request-reference.ts).
 */
function Reference({ id }: { id: string }) {
  const { t } = useTranslation();
  const [before, after] = t("Reference: {{id}}").split("{{id}}");
  return (
    <p className="error-page__reference">
      {before}
      <bdi data-request-id={id}>{id}</bdi>
      {after}
    </p>
  );
}
