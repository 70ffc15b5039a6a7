import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/user-blocked";
import { api, apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { redirectWithToast } from "~/lib/toast.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { formId, privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const res = await apiData("get-blocked-users", { offset: 0, limit: 100 }, { request, locale });
  return { title: getI18n(context).t("People I blocked"), blocked: res.data };
}

/** Unblock (spec unblock-user): a person by id, or the admin. */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const form = await request.formData();
  const id = formId(form.get("to_user_id"));
  const res = await api("unblock-user", id ? { to_user_id: id } : { to_admin: "1" }, { request, locale });
  return redirectWithToast(localizePath(locale, "/user/blocked"), {
    type: res.error ? "error" : "success",
    message: res.message,
  });
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "People I blocked", noindex: true });
}

export default function Blocked({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const date = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("People I blocked")} />
      <h1>{t("People I blocked")}</h1>
      <ActionNotice />
      {loaderData.blocked.length ? (
        <ul className="owner-list">
          {loaderData.blocked.map((b) => {
            const name = b.to_admin ? t("The marketplace team") : (b.name ?? "");
            return (
              <li key={b.id} className="owner-row">
                <div className="owner-row__body">
                  <p className="owner-row__title" dir="auto">
                    {name}
                  </p>
                  <p className="owner-row__meta">
                    {t("Blocked on {{date}}", { date: date.format(new Date(b.created_at)) })}
                    {b.reason ? (
                      <>
                        {" · "}
                        <span dir="auto">{b.reason}</span>
                      </>
                    ) : null}
                  </p>
                </div>
                <Form method="post">
                  {b.to_user_id ? <input type="hidden" name="to_user_id" value={b.to_user_id} /> : null}
                  <SubmitButton
                    className="button button--ghost button--small"
                    aria-label={t("Unblock {{name}}", { name })}
                  >
                    {t("Unblock")}
                  </SubmitButton>
                </Form>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="empty-state">{t("You have not blocked anyone.")}</p>
      )}
    </section>
  );
}
