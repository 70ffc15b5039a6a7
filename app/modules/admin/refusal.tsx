// A console form's refusal shown on that form: the page has many forms (one per row), and the
// action's answer says which one it was (intent and record).
import { useTranslation } from "~/lib/translate";
import type { AdminActionResult } from "./admin.server";

/** The console's refusal when it belongs to this form (same intent and record), else null. */
export function refusalOf(result: unknown, intent: string, id?: number | string): AdminActionResult | null {
  const r = result && typeof result === "object" && "error" in result ? (result as AdminActionResult) : null;
  return r && r.intent === intent && String(r.id ?? "") === String(id ?? "") ? r : null;
}

/** The refusal's message, unless the named field shows it already. */
export function Refusal({ refused, field }: { refused: AdminActionResult | null; field?: string }) {
  const { t } = useTranslation();
  if (!refused || (field && refused.errors?.[field]?.length)) return null;
  const message = refused.errors ? (Object.values(refused.errors)[0]?.[0] ?? refused.error) : refused.error;
  return (
    <p className="form-error" role="alert">
      {t(message)}
    </p>
  );
}
