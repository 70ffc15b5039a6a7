import { Link, Outlet, useRouteError } from "react-router";
import { redirectAcross } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { PageLoader, usePageLoading } from "~/components/page-skeleton";
import { useTranslation } from "~/lib/translate";
import type { Route } from "./+types/locale";
import { DEFAULT_LOCALE, localizePath, stripLocale, type Locale } from "~/lib/i18n";
import { getLocale } from "~/lib/i18n.server";
import { getSiteSettings } from "~/lib/settings.server";
import { ErrorPage } from "~/root";
import { useHere, useRoot } from "~/lib/use-root";
import { useEffect, useState } from "react";
import type { RootData } from "~/lib/root-data";

export async function loader({ request, context }: Route.LoaderArgs) {
  // "/en/…" and "/xx/…" are no addresses of ours: no page matches them (the server routes each
  // language under its own basename, decision 056), so they end at the "*" page's 404.
  const locale = getLocale(context);
  // A language the admin switched off: its pages send visitors (and old links) to the English one.
  if (locale !== DEFAULT_LOCALE) {
    const { languages } = await getSiteSettings();
    if (!languages.some((l) => l.code === locale)) {
      const url = new URL(request.url);
      // "/ar//evil.example" must not become "//evil.example" (another site): one slash, always.
      const path = "/" + stripLocale(url.pathname.replace(/(\/_root)?\.data$/, "")).replace(/^[/\\]+/, "");
      throw redirectAcross(request, path + url.search, 302);
    }
  }
  return null;
}

export default function LocaleLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** A failing page keeps the header and footer, so the visitor can go on from there. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { locale } = useRoot();
  return (
    <SiteChrome>
      <ErrorPage error={error} locale={locale as Locale} />
    </SiteChrome>
  );
}

/**
 * Without JavaScript there are no toasts: news a person must not miss (a toast marked `notice`) is
 * also written into the page, and leaves it once the page runs and the toast takes over.
 */
function PageNotice({ toast }: { toast: RootData["toast"] }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  if (!toast?.notice || running) return null;
  return (
    <p className={`notice${toast.type === "error" ? " notice--warning" : ""}`} role="status">
      {t(toast.message)}
    </p>
  );
}

function SiteChrome({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { viewer, locale, settings, unread, toast } = useRoot();
  const here = useHere();
  const loading = usePageLoading();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("Skip to content")}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="brand" aria-label={settings.company_name}>
            <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
              <path d="M4 15 16 4l12 11v13H19v-8h-6v8H4z" fill="currentColor" />
            </svg>
            <span>{settings.company_name}</span>
          </Link>
          <nav aria-label={t("Main")} className="site-nav">
            <Link to="/properties">{t("Properties")}</Link>
            <Link to="/properties?property_type=sell">{t("Buy")}</Link>
            <Link to="/properties?property_type=rent">{t("Rent")}</Link>
            <Link to="/projects">{t("Projects")}</Link>
            <Link to="/agents">{t("Agents")}</Link>
          </nav>
          <div className="site-header__actions">
            {settings.languages.length > 1 ? (
              <nav aria-label={t("Language")} className="lang-switch">
                {settings.languages
                  .filter((l) => l.code !== locale)
                  .map((l) => (
                    // A plain link: the whole page, its title and direction change language.
                    <a key={l.code} href={localizePath(l.code, here)} hrefLang={l.code} lang={l.code}>
                      {l.name}
                    </a>
                  ))}
              </nav>
            ) : null}
            {viewer ? (
              <>
                <Link to="/user/chat" className="button button--ghost button--small header-count">
                  {t("Messages")}
                  {unread?.messages ? (
                    <span className="badge">
                      {unread.messages}
                      <span className="visually-hidden"> {t("unread")}</span>
                    </span>
                  ) : null}
                </Link>
                {unread?.notifications ? (
                  <Link to="/user/notifications" className="button button--ghost button--small header-count">
                    {t("Notifications")}
                    <span className="badge">
                      {unread.notifications}
                      <span className="visually-hidden"> {t("unread")}</span>
                    </span>
                  </Link>
                ) : null}
                <Link to="/for-you" className="button button--ghost button--small">
                  {t("For you")}
                </Link>
                {viewer.admin ? (
                  <Link to="/admin" className="button button--ghost button--small">
                    {t("Admin")}
                  </Link>
                ) : null}
                <Link to="/user/dashboard" className="button button--ghost button--small">
                  {t("My account")}
                </Link>
                <Form method="post" action="/logout" className="inline-form">
                  <span className="viewer-name" dir="auto" title={viewer.email ?? undefined}>
                    {viewer.name ?? viewer.email}
                  </span>
                  <SubmitButton className="button button--ghost button--small">{t("Sign out")}</SubmitButton>
                </Form>
              </>
            ) : (
              <>
                <Link to="/login" className="button button--ghost button--small">
                  {t("Sign in")}
                </Link>
                <Link to="/register" className="button button--small">
                  {t("Register")}
                </Link>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" className="site-main" aria-busy={loading ? true : undefined}>
        <PageNotice toast={toast} />
        <PageLoader loading={loading}>{children}</PageLoader>
      </main>
      <footer className="site-footer">
        <nav aria-label={t("Footer")} className="site-footer__nav">
          <Link to="/properties">{t("Properties")}</Link>
          <Link to="/projects">{t("Projects")}</Link>
          <Link to="/developers">{t("Developers")}</Link>
          <Link to="/articles">{t("Articles")}</Link>
          <Link to="/faqs">{t("FAQs")}</Link>
          <Link to="/about">{t("About us")}</Link>
          <Link to="/mortgage-calculator">{t("Mortgage calculator")}</Link>
          <Link to="/area-converter">{t("Area converter")}</Link>
          <Link to="/contact">{t("Contact us")}</Link>
          {/* Served by the API, not a page of the app; in English whatever the site's language. */}
          <a href="/api/docs" hrefLang="en">
            {t("API reference")}
          </a>
        </nav>
        <p>
          © {new Date().getFullYear()} {settings.company_name}.{" "}
          {t("Homes, offices and land across the Gulf and beyond.")}
        </p>
      </footer>
    </>
  );
}
