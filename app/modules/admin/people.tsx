// Words for people's accounts in the console, shared by the users list and a person's page.
import { useTranslation } from "~/lib/translate";

export const ACCOUNT_TYPES = ["user", "agent", "owner", "developer"] as const;
export const VERIFICATION_STATES = ["initial", "pending", "success", "failed"] as const;
export const VERIFICATION_LABELS: Record<(typeof VERIFICATION_STATES)[number], string> = {
  initial: "Not applied",
  pending: "Pending review",
  success: "Verified",
  failed: "Verification Failed",
};

export function AccountPill({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`pill ${active ? "pill--ok" : "pill--bad"}`}>
      {active ? t("Active") : t("Deactivated")}
    </span>
  );
}
