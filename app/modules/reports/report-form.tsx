// The report form (spec add_reports) for a listing, a person or the team: a reason, or one's own
// words, with the spec's messages on their fields. A plain form that posts to its page's action;
// while it is being sent (with JavaScript) its button says so and cannot be pressed again.
import type { FetcherWithComponents } from "react-router";
import { useTranslation } from "~/lib/translate";
import { Form, SubmitButton } from "~/components/submit-form";
import "~/styles/reports.css";

/** What a refused report brings back: the messages on their fields, and what had been chosen. */
export interface ReportRefusal {
  message: string;
  errors: Record<string, string[] | null | undefined>;
  reason: string;
  other_message: string;
}

/** The report's target as hidden fields: exactly one of them (spec §6). */
export type ReportTargetFields = { property_id: number } | { to_user_id: number } | { to_admin: true };

export const REPORT_INTENT = "report";

export function ReportForm({
  target,
  reasons,
  refused,
  legend,
  action,
  fetcher,
  idPrefix = "report",
  inPlace,
}: {
  target: ReportTargetFields;
  reasons: { id: number; reason: string }[];
  refused: ReportRefusal | null;
  legend: string;
  /** Where the form posts; its own page when absent. */
  action?: string;
  /** Sent in place (a dialog) rather than as a page navigation. */
  fetcher?: FetcherWithComponents<unknown>;
  idPrefix?: string;
  /** Asks the action for its answer as data (a dialog stays open) rather than a new page. */
  inPlace?: boolean;
}) {
  const { t } = useTranslation();
  const err = (field: string) => refused?.errors[field]?.[0];
  const reasonError = err("reason_id");
  const otherError = err("other_message");
  // Anything not about a field (already reported, too many reports, a person no longer here).
  const general = refused && !reasonError && !otherError ? refused.message : null;
  return (
    <Form method="post" action={action} fetcher={fetcher} className="report__form">
      <input type="hidden" name="intent" value={REPORT_INTENT} />
      {inPlace ? <input type="hidden" name="reply" value="data" /> : null}
      {Object.entries(target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value === true ? "1" : String(value)} />
      ))}
      <fieldset
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${idPrefix}-reason-error` : undefined}
      >
        <legend>{legend}</legend>
        {reasons.map((r) => (
          <label key={r.id} className="report__reason">
            <input
              type="radio"
              name="reason_id"
              value={r.id}
              defaultChecked={refused?.reason === String(r.id)}
            />{" "}
            {r.reason}
          </label>
        ))}
        <label className="report__reason">
          <input type="radio" name="reason_id" value="other" defaultChecked={refused?.reason === "other"} />{" "}
          {t("Something else")}
        </label>
      </fieldset>
      {reasonError ? (
        <p id={`${idPrefix}-reason-error`} className="field__errors" role="alert">
          {t(reasonError)}
        </p>
      ) : null}
      <label htmlFor={`${idPrefix}-other`}>{t("In your words")}</label>
      <textarea
        id={`${idPrefix}-other`}
        name="other_message"
        rows={3}
        maxLength={1000}
        dir="auto"
        defaultValue={refused?.other_message}
        aria-invalid={otherError ? true : undefined}
        aria-describedby={otherError ? `${idPrefix}-other-error` : undefined}
      />
      {otherError ? (
        <p id={`${idPrefix}-other-error`} className="field__errors" role="alert">
          {t(otherError)}
        </p>
      ) : null}
      {general ? (
        <p className="form-error" role="alert">
          {t(general)}
        </p>
      ) : null}
      <SubmitButton className="button button--ghost button--small" pendingLabel={t("Sending…")}>
        {t("Send report")}
      </SubmitButton>
    </Form>
  );
}
