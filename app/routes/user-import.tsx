// Bring a listing over from Property Finder, Bayut or Dubizzle: paste its address, or upload the
// page saved from the browser (the way that works when the site will not let us fetch it). One
// listing opens the post-property form filled in; an agent's list of addresses is imported in the
// background with each address's progress here. Every form works without JavaScript.
import { data, Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { CheckAgain, useRefreshWhile } from "~/components/while-working";
import type { Route } from "./+types/user-import";
import type { ImportSite } from "~server/api/imports/sites";
import { siteOfImport } from "~/modules/imports/site.server";
import { SITE_NAMES } from "~server/api/imports/sites/contract";
import type { CallData } from "~server/api/calls";
import { api } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { FieldErrors } from "~/modules/listings/form/field-errors";
import { redirectWithToast } from "~/lib/toast.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import "~/styles/tour-editor.css";
import { signedInStart } from "~/lib/route.server";

type Import = CallData<"listing-imports">[number];
const CALLS = {
  propertyfinder: "scrape-propertyfinder",
  bayut: "scrape-buyut",
  dubizzle: "scrape-dubizzle",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const batch = new URL(request.url).searchParams.get("batch") ?? undefined;
  const res = await api(
    "listing-imports",
    { batch_id: batch && /^[A-Za-z0-9_-]{1,40}$/.test(batch) ? batch : undefined, limit: batch ? 20 : 10 },
    { request, locale },
  );
  return {
    title: getI18n(context).t("Import a listing"),
    imports: res.error ? [] : res.data,
    batch: batch ?? null,
    problem: res.error ? res.message : null,
  };
}

/** What one of the forms sent back: its messages per field, and what was typed. */
type Refusal = { form: "one" | "many"; errors: Record<string, string[]>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const form = await request.formData();
  const opts = { request, locale };
  const here = localizePath(locale, "/user/import");
  if (form.get("intent") === "many") {
    const urls = String(form.get("urls") ?? "");
    const res = await api("import-listings", { urls }, opts);
    if (res.error)
      return data<Refusal>(
        { form: "many", errors: res.errors ?? { urls: [res.message] }, values: { urls } },
        { status: 400 },
      );
    return redirectWithToast(`${here}?batch=${encodeURIComponent(res.data.batch_id)}`, {
      type: "success",
      message: res.message,
    });
  }
  const url = String(form.get("url") ?? "").trim();
  const file = form.get("upload");
  const upload = file instanceof File && file.size > 0 ? file : undefined;
  const chosen = String(form.get("site") ?? "") as ImportSite | "";
  // The site from the address or the page itself; the select is for a page that does not say.
  let site = await siteOfImport(url, upload);
  site ??= chosen && chosen in CALLS ? chosen : null;
  const values = { url, site: chosen };
  if (!url && !upload)
    return data<Refusal>(
      {
        form: "one",
        errors: { url: ["Paste the listing's address or choose the saved page, one of the two"] },
        values,
      },
      { status: 400 },
    );
  if (!site) {
    const message = url
      ? "This is not the address of a Property Finder, Bayut or Dubizzle listing"
      : "Choose the site the page was saved from";
    return data<Refusal>(
      { form: "one", errors: { [url ? "url" : "site"]: [message] }, values },
      { status: 400 },
    );
  }
  const res = await api(CALLS[site], url ? { url } : { upload }, opts);
  if (res.error)
    return data<Refusal>(
      { form: "one", errors: res.errors ?? { url: [res.message] }, values },
      { status: 400 },
    );
  // Imported and posted before: the list says so; otherwise the form, filled in.
  if (res.data.property_id) return redirectWithToast(here, { type: "success", message: res.message });
  return redirectWithToast(localizePath(locale, res.data.form_link), {
    type: "success",
    message: res.message,
  });
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Import a listing", noindex: true });
}

/** A form's messages for one field: the list under the field that its aria-describedby names. */
function Errors({ id, list }: { id: string; list?: string[] }) {
  return <FieldErrors meta={{ errorId: id, errors: list }} />;
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refused = actionData as Refusal | undefined;
  const one = refused?.form === "one" ? refused : undefined;
  const many = refused?.form === "many" ? refused : undefined;
  const working = loaderData.imports.some((i) => i.status === "queued" || i.status === "processing");
  useRefreshWhile(working, 2500);

  return (
    <section className="owner-page import-page">
      <CheckAgain when={working} />
      <Breadcrumbs
        trail={[
          ["/user/dashboard", t("Dashboard")],
          ["/user/properties", t("My properties")],
        ]}
        current={t("Import a listing")}
      />
      <h1>{t("Import a listing")}</h1>
      <p>
        {t(
          "Already listed on Property Finder, Bayut or Dubizzle? Bring the listing over: we fill in the form and bring the photos, you check it and post it.",
        )}
      </p>
      <ActionNotice />

      <Form method="post" encType="multipart/form-data" className="owner-form" aria-labelledby="import-one-h">
        <h2 id="import-one-h">{t("One listing")}</h2>
        <div className="field" data-invalid={one?.errors.url ? true : undefined}>
          <label htmlFor="import-url">{t("The listing's address")}</label>
          <input
            id="import-url"
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://www.bayut.com/property/details-…"
            defaultValue={one?.values.url ?? ""}
            aria-describedby="import-url-error"
            dir="ltr"
          />
          <Errors id="import-url-error" list={one?.errors.url} />
        </div>
        <p className="field__hint">
          {t(
            "Or, if the site will not let us read it: open the listing in your browser, save the page (Ctrl+S, or Share › Save on a phone) and choose the file here.",
          )}
        </p>
        <div className="field" data-invalid={one?.errors.upload ? true : undefined}>
          <label htmlFor="import-upload">{t("Saved page (.html)")}</label>
          <input
            id="import-upload"
            name="upload"
            type="file"
            accept=".html,.htm,text/html"
            aria-describedby="import-upload-error"
          />
          <Errors id="import-upload-error" list={one?.errors.upload} />
        </div>
        <div className="field" data-invalid={one?.errors.site ? true : undefined}>
          <label htmlFor="import-site">{t("Site")}</label>
          <select
            id="import-site"
            name="site"
            defaultValue={one?.values.site ?? ""}
            aria-describedby="import-site-error"
          >
            <option value="">{t("Find out from the address or page")}</option>
            <option value="propertyfinder">Property Finder</option>
            <option value="bayut">Bayut</option>
            <option value="dubizzle">Dubizzle</option>
          </select>
          <Errors id="import-site-error" list={one?.errors.site} />
        </div>
        <SubmitButton name="intent" value="one" className="button" pendingLabel={t("Reading the listing…")}>
          {t("Import")}
        </SubmitButton>
      </Form>

      <Form method="post" className="owner-form" aria-labelledby="import-many-h">
        <h2 id="import-many-h">{t("Several listings")}</h2>
        <div className="field" data-invalid={many?.errors.urls ? true : undefined}>
          <label htmlFor="import-urls">{t("Addresses, one a line (up to 20)")}</label>
          <textarea
            id="import-urls"
            name="urls"
            rows={6}
            defaultValue={many?.values.urls ?? ""}
            aria-describedby="import-urls-error"
            dir="ltr"
          />
          <Errors
            id="import-urls-error"
            list={
              many?.errors.urls ??
              Object.entries(many?.errors ?? {}).find(([k]) => k.startsWith("urls."))?.[1]
            }
          />
        </div>
        <SubmitButton name="intent" value="many" className="button">
          {t("Import all")}
        </SubmitButton>
      </Form>

      <section aria-labelledby="imports-h">
        <h2 id="imports-h">{loaderData.batch ? t("This batch") : t("Recent imports")}</h2>
        {loaderData.imports.length === 0 ? <p className="empty-state">{t("Nothing imported yet.")}</p> : null}
        <ul className="owner-list owner-list--compact import-list">
          {loaderData.imports.map((i) => (
            <ImportRow key={i.id} item={i} />
          ))}
        </ul>
        {loaderData.batch ? (
          <p>
            <Link to="/user/import">{t("All recent imports")}</Link>
          </p>
        ) : null}
      </section>
    </section>
  );
}

function ImportRow({ item }: { item: Import }) {
  const { t } = useTranslation();
  const status = item.property_id
    ? t("Posted")
    : item.status === "queued"
      ? t("Waiting")
      : item.status === "processing"
        ? item.draft
          ? t("Bringing the photos ({{n}} of {{total}})", {
              n: item.draft.photos.length,
              total: item.draft.photos_expected,
            })
          : t("Reading the page…")
        : item.status === "failed"
          ? t("Could not be imported")
          : t("Ready to check and post");
  return (
    <li className="owner-row" data-import={item.id} data-status={item.status}>
      <div className="owner-row__body">
        <p className="owner-row__title" dir="auto">
          {item.draft?.title ?? item.source_url ?? t("Saved page")}
        </p>
        <p className="owner-row__meta">
          {t(item.site === "unknown" ? "Unknown site" : SITE_NAMES[item.site])} ·{" "}
          <span role="status">{status}</span>
        </p>
        {item.error ? <p className="form-error">{t(item.error)}</p> : null}
        {item.duplicate_of ? <p className="notice">{t("You imported this listing before.")}</p> : null}
      </div>
      {item.status !== "failed" && !item.property_id && (item.draft || item.duplicate_of) ? (
        <Link className="button button--small" to={item.form_link}>
          {t("Check and post")}
        </Link>
      ) : null}
    </li>
  );
}
