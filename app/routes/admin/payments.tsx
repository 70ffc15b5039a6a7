import { Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/payments";
import { api } from "~/lib/api.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useAddress, useRoot } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import {
  adminForm,
  adminHeaders,
  adminOutcome,
  adminPage,
  param,
  type AdminActionResult,
} from "~/modules/admin/admin.server";
import {
  AdminFilters,
  AdminTable,
  PersonCell,
  ReasonNote,
  SearchFilter,
  SelectFilter,
  When,
} from "~/modules/admin/ui";
import { ActionNotice } from "~/modules/listings/ui";
import { METHOD_LABEL, TransactionStatus, type PaymentStatus } from "~/modules/payments/ui";

const LIMIT = 25;
const STATUSES: [PaymentStatus, string][] = [
  ["review", "In review"],
  ["pending", "Pending"],
  ["success", "Success"],
  ["failed", "Failed"],
  ["rejected", "Rejected"],
];

export async function loader(args: Route.LoaderArgs) {
  const { url, offset, limit, t, opts } = await adminPage(args, LIMIT);
  const filters = {
    status: param(url, "status"),
    gateway: param(url, "gateway"),
    search: param(url, "search"),
    from: param(url, "from"),
    to: param(url, "to"),
  };
  // A filter the API refuses (a mistyped date) is said on its field; the list is then empty.
  const res = await api("admin/payments", { ...(filters as Record<string, string>), offset, limit }, opts);
  if (res.error && res.message === "Forbidden") throw new Response("Forbidden", { status: 403 });
  return {
    title: t("Payments"),
    rows: res.error ? [] : res.data,
    total: res.total ?? 0,
    offset,
    limit,
    filters,
    filterErrors: res.error ? (res.errors ?? {}) : {},
  };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Payments", noindex: true });
}

export async function action(args: Route.ActionArgs) {
  const { form, intent, id, opts } = await adminForm(args);
  const reason = String(form.get("reason") ?? "");
  const res = await api(
    "admin/review-payment",
    { id, accept: intent === "accept", reason: intent === "accept" ? undefined : reason },
    opts,
  );
  return adminOutcome(args.request, res, { intent, id });
}

export default function AdminPayments({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { locale } = useRoot();
  const tag = locale === "ar" ? "ar-AE" : "en-GB";
  const money = (minor: number, currency: string) => {
    const f = new Intl.NumberFormat(tag, { style: "currency", currency });
    return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
  };
  const refused = actionData as AdminActionResult | undefined;
  const fieldError = (name: string) => d.filterErrors[name]?.map((e) => <p key={e}>{t(e)}</p>);
  return (
    <section className="admin-page">
      <h1>{t("Payments")}</h1>
      <p className="admin-page__lead">
        {t(
          "Every payment for a package. Bank transfers wait in review until you compare the receipt with the bank statement.",
        )}
      </p>
      <ActionNotice result={refused?.intent === "accept" ? refused : undefined} />
      <AdminFilters>
        {(
          [
            ["status", t("Status"), STATUSES],
            ["gateway", t("Payment method"), Object.entries(METHOD_LABEL)],
          ] as const
        ).map(([name, label, options]) => (
          <SelectFilter key={name} id={`pay-${name}`} name={name} label={label} value={d.filters[name]}>
            <option value="">{t("All")}</option>
            {options.map(([value, optionLabel]) => (
              <option key={value} value={value}>
                {t(optionLabel)}
              </option>
            ))}
          </SelectFilter>
        ))}
        <SearchFilter id="pay-search" label={t("Name or email")} value={d.filters.search} />
        {(["from", "to"] as const).map((name) => (
          <div key={name} className="field" data-invalid={d.filterErrors[name] ? true : undefined}>
            <label htmlFor={`pay-${name}`}>{name === "from" ? t("From") : t("To")}</label>
            <input
              id={`pay-${name}`}
              name={name}
              type="date"
              defaultValue={d.filters[name] ?? ""}
              aria-invalid={d.filterErrors[name] ? true : undefined}
              aria-describedby={d.filterErrors[name] ? `pay-${name}-error` : undefined}
            />
            <div id={`pay-${name}-error`} className="field__errors" aria-live="polite">
              {fieldError(name)}
            </div>
          </div>
        ))}
      </AdminFilters>
      <p className="admin-page__count">{t("{{count}} payments", { count: d.total })}</p>
      {d.rows.length ? (
        <AdminTable
          headings={[
            t("When"),
            t("Person"),
            t("Package"),
            t("Amount"),
            t("Payment method"),
            t("Status"),
            t("Actions"),
          ]}
        >
          {d.rows.map((r) => {
            const mine = refused && refused.id === r.id && refused.intent === "reject" ? refused : null;
            return (
              <tr key={r.id}>
                <td>
                  <When iso={r.created_at} />
                </td>
                <td>
                  <PersonCell name={r.user.name} email={r.user.email} />
                </td>
                <td dir="auto">{r.package.name}</td>
                <td>
                  <bdi>{money(r.amount_minor, r.currency)}</bdi>
                </td>
                <td>{t(METHOD_LABEL[r.payment_gateway] ?? r.payment_gateway)}</td>
                <td>
                  <TransactionStatus status={r.status} />
                  <ReasonNote reason={r.reason} />
                </td>
                <td>
                  <div className="admin-actions">
                    {r.receipt_url ? (
                      <a
                        href={address(r.receipt_url)}
                        className="button button--ghost button--small"
                        target="_blank"
                        rel="noopener"
                      >
                        {t("View receipt")}
                        <span className="visually-hidden"> – {r.user.name}</span>
                      </a>
                    ) : null}
                    {r.status === "review" ? (
                      <>
                        <Form method="post">
                          <input type="hidden" name="id" value={r.id} />
                          <SubmitButton name="intent" value="accept" className="button button--small">
                            {t("Accept")}
                            <span className="visually-hidden"> – {r.user.name}</span>
                          </SubmitButton>
                        </Form>
                        <details open={Boolean(mine)}>
                          <summary>
                            {t("Reject")}
                            <span className="visually-hidden"> – {r.user.name}</span>
                          </summary>
                          <Form method="post" className="admin-reason-form">
                            <input type="hidden" name="id" value={r.id} />
                            <label htmlFor={`reject-${r.id}`}>{t("Why is the transfer rejected?")}</label>
                            <textarea
                              id={`reject-${r.id}`}
                              name="reason"
                              rows={2}
                              required
                              maxLength={1000}
                              dir="auto"
                              aria-invalid={mine ? true : undefined}
                              aria-describedby={mine ? `reject-${r.id}-error` : undefined}
                            />
                            <div id={`reject-${r.id}-error`} className="field__errors" aria-live="polite">
                              {mine ? <p>{t(mine.errors?.reason?.[0] ?? mine.error)}</p> : null}
                            </div>
                            <SubmitButton name="intent" value="reject" className="button button--small">
                              {t("Reject the transfer")}
                            </SubmitButton>
                          </Form>
                        </details>
                      </>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      ) : (
        <p className="empty-state">{t("No payments match.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
      <p>
        <Link to="/admin/packages">{t("Packages")}</Link>
      </p>
    </section>
  );
}
