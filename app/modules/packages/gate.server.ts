// Asked before an add form opens, so nobody fills it in only to be refused (the API asks again on submit).
import { api } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";

import type { Gate } from "~/components/gate-notice";

export type { Gate };

/** Why this person may not list now (the spec's message and where its OK leads), or null. */
export async function packageGate(
  type: "property_list" | "project_list",
  request: Request,
  locale: Locale,
): Promise<Gate | null> {
  const gate = await api("check-package-limit", { type }, { request, locale });
  if (gate.error || gate.data.allowed) return null;
  const action = gate.data.action as { href: string; help?: string } | null;
  return {
    message: gate.data.message ?? "",
    href: action?.href ?? "/subscription-plan",
    ...(action?.help ? { help: action.help } : {}),
  };
}
