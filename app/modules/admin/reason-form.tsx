// A decision that carries a reason (reject, switch off): it opens in place, and when the server
// refuses it (no reason written) it stays open with the message on the reason field. A plain
// form first, so it works the same without JavaScript.
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import type { AdminActionResult } from "./admin.server";

export function ReasonForm({
  intent,
  id,
  title,
  summary,
  label,
  button,
  required,
  refused,
}: {
  intent: string;
  id: number;
  /** The record's name, for screen readers: every row has the same summary text. */
  title: string;
  summary: string;
  label: string;
  button: string;
  required: boolean;
  /** The last refusal on this page; shown here when it was this form's. */
  refused?: AdminActionResult;
}) {
  const { t } = useTranslation();
  const mine = refused && refused.intent === intent && Number(refused.id) === id ? refused : undefined;
  // The reason's own message on the field; any other refusal (already decided, demo mode…) too.
  const error = mine ? (mine.errors?.reason?.[0] ?? mine.error) : undefined;
  const fieldId = `${intent}-reason-${id}`;
  return (
    <details open={mine ? true : undefined}>
      <summary>
        {summary}
        <span className="visually-hidden"> – {title}</span>
      </summary>
      <Form method="post" className="admin-reason-form">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <label htmlFor={fieldId}>{label}</label>
        <textarea
          id={fieldId}
          name="reason"
          rows={3}
          maxLength={1000}
          required={required}
          dir="auto"
          defaultValue={mine?.reason}
          aria-invalid={mine?.errors?.reason ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
        {error ? (
          <p id={`${fieldId}-error`} className="form-error">
            {t(error)}
          </p>
        ) : null}
        <SubmitButton className="button button--small">{button}</SubmitButton>
      </Form>
    </details>
  );
}
