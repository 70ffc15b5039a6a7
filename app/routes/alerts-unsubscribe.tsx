// Where an alert email's unsubscribe link leads: no sign-in, the signed token in the link is the
// proof. Opening it switches the named searches' alerts off at once and says so, with a button to
// switch them back on (which comes back here with `alerts=on`: the page is read again after a post,
// and must not switch them off again). Mail programs that unsubscribe in one click (RFC 8058) post
// to the same address; that works too. A link that is not ours, or was changed, gets a clear page,
// never an error.
import { Link } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/alerts-unsubscribe";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { privateHeaders } from "~/modules/listings/owner.server";

type Outcome =
  | { state: "off" | "on"; token: string; searches: { id: number; name: string }[] }
  | { state: "invalid" }
  | { state: "gone" };

async function setAlerts(token: string, on: boolean, locale: Locale): Promise<Outcome> {
  if (!token) return { state: "invalid" };
  // Sent without the session: the link speaks for itself, whoever is signed in on this browser.
  const res = await api(
    "saved-search-unsubscribe",
    { token, alerts_on: on ? "1" : "0" },
    { locale, token: "" },
  );
  if (!res.error) return { state: on ? "on" : "off", token, searches: res.data.searches };
  return res.errors?.token ? { state: "invalid" } : { state: "gone" };
}

const tokenOf = (request: Request, form?: FormData) =>
  String(form?.get("token") ?? new URL(request.url).searchParams.get("token") ?? "")
    .trim()
    .slice(0, 600);

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const on = new URL(request.url).searchParams.get("alerts") === "on";
  const outcome = await setAlerts(tokenOf(request), on, locale);
  return { title: getI18n(context).t("Email alerts"), outcome };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const form = await request.formData().catch(() => new FormData());
  const token = tokenOf(request, form);
  // "Turn alerts back on": done where the page is read (alerts=on), so reading it again keeps them on.
  if (form.get("intent") === "resubscribe") {
    const url = new URL(request.url);
    throw redirect(`${url.pathname.replace(/\.data$/, "")}?${new URLSearchParams({ token, alerts: "on" })}`);
  }
  // Anything else is a mail program's one-click post: answered here, without a redirect.
  return { outcome: await setAlerts(token, false, locale) };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Email alerts", noindex: true });
}

export default function AlertsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const outcome = actionData?.outcome ?? loaderData.outcome;
  const names = "searches" in outcome ? outcome.searches.map((s) => s.name) : [];
  return (
    <section className="owner-page alerts-unsubscribe">
      {outcome.state === "off" ? (
        <>
          <h1>{t("You will no longer get these alerts")}</h1>
          <p>{t("Alerts are off for:")}</p>
          <SearchNames names={names} />
          <p>{t("The searches stay saved. Changed your mind?")}</p>
          <Form method="post">
            <input type="hidden" name="token" value={outcome.token} />
            <input type="hidden" name="intent" value="resubscribe" />
            <SubmitButton className="button">{t("Turn alerts back on")}</SubmitButton>
          </Form>
        </>
      ) : outcome.state === "on" ? (
        <>
          <h1>{t("Alerts are on again")}</h1>
          <p>{t("We will tell you about new listings for:")}</p>
          <SearchNames names={names} />
        </>
      ) : outcome.state === "gone" ? (
        <>
          <h1>{t("This saved search no longer exists")}</h1>
          <p>{t("It was deleted, so there are no alerts to stop.")}</p>
        </>
      ) : (
        <>
          <h1>{t("This link is not valid")}</h1>
          <p>
            {t(
              "It may be incomplete: copy the whole link from the email, or sign in and change your alerts on your saved searches page.",
            )}
          </p>
        </>
      )}
      <p>
        <Link to="/user/saved-searches">{t("Manage your saved searches")}</Link>
      </p>
    </section>
  );
}

function SearchNames({ names }: { names: string[] }) {
  return (
    <ul className="alerts-unsubscribe__names">
      {names.map((n, i) => (
        <li key={`${i}-${n}`} dir="auto">
          {n}
        </li>
      ))}
    </ul>
  );
}
