import { ReportPersonLink } from "~/modules/reports/report-person-link";
import { Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/user-notifications";
import { api, apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { relativeTime } from "~/lib/format";
import { redirectWithToast } from "~/lib/toast.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Pagination } from "~/components/pagination";
import { privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { PushSwitch } from "~/modules/push/push";
import { signedInStart } from "~/lib/route.server";

const PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1));
  const res = await apiData(
    "get_notification_list",
    { offset: (page - 1) * PAGE, limit: PAGE },
    { request, locale },
  );
  return {
    title: getI18n(context).t("Notifications"),
    ...res.data,
    total: res.total ?? 0,
    offset: (page - 1) * PAGE,
  };
}

/** Mark all as read (spec: read and unread). */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  await api("read-notifications", {}, { request, locale });
  return redirectWithToast(localizePath(locale, "/user/notifications"), {
    type: "success",
    message: "All notifications marked as read",
  });
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Notifications", noindex: true });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const { notifications, unread, total, offset } = loaderData;
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("Notifications")} />
      <div className="owner-page__head">
        <h1>{t("Notifications")}</h1>
        {unread ? (
          <Form method="post">
            <SubmitButton className="button button--ghost button--small">
              {t("Mark all as read")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      <ActionNotice />
      <PushSwitch />
      <p className="muted">{t("{{count}} unread", { count: unread })}</p>
      {notifications.length ? (
        <ul className="owner-list notifications">
          {notifications.map((n) => (
            <li key={n.id} className={`owner-row notification${n.is_read ? "" : " notification--unread"}`}>
              <div className="owner-row__body">
                <p className="owner-row__title">
                  {n.is_read ? null : <span className="visually-hidden">{t("Unread")}: </span>}
                  {n.link ? <Link to={n.link}>{n.title}</Link> : n.title}
                </p>
                <p dir="auto">{n.body}</p>
                <p className="owner-row__meta" suppressHydrationWarning>
                  {relativeTime(n.created_at, locale)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("No notifications yet.")}</p>
      )}
      <Pagination total={total} offset={offset} limit={PAGE} />
      {/* The team's own messages arrive here: this is where a person reports or blocks the team.
          A div: the link brings its <dialog>, which a <p> cannot hold (the parser would close it). */}
      <div className="muted notifications__team">
        {t("Notices from the marketplace team arrive here.")}{" "}
        <ReportPersonLink
          userId="team"
          name={t("The marketplace team")}
          back="/user/notifications"
          className="link-button"
        />
      </div>
    </section>
  );
}
