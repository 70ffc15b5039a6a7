// The page that reports or blocks a person (to_user_id) or the team (to_admin), on the server: which
// one the address names, where to go back to, and its three forms (report, block, unblock). The
// report is parsed with the API's own schema (add_reports), so its messages land on their fields.
import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { addReportSchema } from "~server/api/reports/schema";
import { api, apiData } from "~/lib/api.server";
import { localizePath } from "~/lib/i18n";
import { signedInStart, type RouteArgs } from "~/lib/route.server";
import { redirectWithToast } from "~/lib/toast.server";
import { agentPath } from "~/components/agent-card";
import type { ReportRefusal } from "./report-form";

export type PersonTarget = { to_user_id: number } | { to_admin: true };

/** The person or the team the address names, or null when it names neither (or both). */
export function targetOf(url: URL): PersonTarget | null {
  const id = Number(url.searchParams.get("to_user_id"));
  const team = url.searchParams.get("to_admin") === "1";
  if (Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 && !team) return { to_user_id: id };
  if (team && !url.searchParams.has("to_user_id")) return { to_admin: true };
  return null;
}

/**
 * Where "Back" leads: the page the person came from (a profile, a conversation), only ever a path
 * on this site, never another site's address.
 */
export function backOf(url: URL): string | null {
  const back = url.searchParams.get("back");
  return back && /^\/(?![/\\])[^\s]*$/.test(back) && back.length <= 500 ? back : null;
}

/** This page's own address, unlocalized: the forms come back here with a message. */
export function reportPagePath(target: PersonTarget, back: string | null) {
  const qs = new URLSearchParams(
    "to_user_id" in target ? { to_user_id: String(target.to_user_id) } : { to_admin: "1" },
  );
  if (back) qs.set("back", back);
  return `/user/report?${qs}`;
}

/** The page's data: who (or the team), whether the viewer reported or blocked them, the reasons. */
export async function reportPageData(args: RouteArgs) {
  const { opts, t } = await signedInStart(args);
  const url = new URL(args.request.url);
  const target = targetOf(url);
  if (!target) throw new Response("Not found", { status: 404 });
  const [status, reasons, me] = await Promise.all([
    api("get-report-status", target, opts),
    apiData("get_report_reasons", { target: "to_user_id" in target ? "user" : "admin" }, opts),
    apiData("get-profile", {}, opts),
  ]);
  // Someone who left or whose account is off cannot be reported (the team has already acted).
  if (status.error) throw new Response(status.message, { status: 404 });
  const person = status.data.person;
  const name = person ? person.name : t("The marketplace team");
  const back = backOf(url) ?? (person ? agentPath(person) : "/user/dashboard");
  return {
    title: t("Report or block {{name}}", { name }),
    name,
    target,
    person,
    self: person?.id === me.data.id,
    reported: status.data.reported,
    blocked: status.data.blocked,
    reasons: reasons.data,
    back,
    here: reportPagePath(target, back),
  };
}

export type ReportPageData = Awaited<ReturnType<typeof reportPageData>>;

/** What the forms answer when sent in place (a dialog): whether it went, and the message to show. */
export type ReportPageReply = { ok: boolean; message: string };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

export async function reportPageAction(args: RouteArgs) {
  const { locale } = await signedInStart(args);
  const { request } = args;
  const url = new URL(request.url);
  const target = targetOf(url);
  if (!target) throw new Response("Not found", { status: 404 });
  const here = reportPagePath(target, backOf(url));
  const form = await request.formData();
  const opts = { request, locale };
  // Sent from a dialog (JavaScript): the answer comes back as data and the page stays where it is.
  const inPlace = form.get("reply") === "data";
  const done = (res: { error: boolean; message: string }) =>
    inPlace
      ? data<ReportPageReply>({ ok: !res.error, message: res.message }, { status: res.error ? 400 : 200 })
      : redirectWithToast(localizePath(locale, here), {
          type: res.error ? "error" : "success",
          message: res.message,
        });
  const intent = form.get("intent");
  if (intent === "block" || intent === "unblock") {
    const reason = text(form, "reason").trim();
    const res =
      intent === "block"
        ? await api("block-user", { ...target, reason: reason || undefined }, opts)
        : await api("unblock-user", target, opts);
    return done(res);
  }
  // The target is the address's, whatever the form says: one cannot report someone else from here.
  form.delete("property_id");
  form.delete("to_user_id");
  form.delete("to_admin");
  for (const [k, v] of Object.entries(target)) form.set(k, v === true ? "1" : String(v));
  const refused = (message: string, errors: ReportRefusal["errors"]) =>
    data(
      {
        report: {
          message,
          errors,
          reason: text(form, "reason_id"),
          other_message: text(form, "other_message"),
        } satisfies ReportRefusal,
      },
      { status: 400 },
    );
  const submission = parseWithZod(form, { schema: addReportSchema });
  if (submission.status !== "success") return refused("Invalid input", submission.error ?? {});
  const reason = text(form, "reason_id");
  const res = await api(
    "add_reports",
    { ...target, reason_id: reason || undefined, other_message: text(form, "other_message") || undefined },
    opts,
  );
  if (res.error) return refused(res.message, res.errors ?? {});
  return done(res);
}
