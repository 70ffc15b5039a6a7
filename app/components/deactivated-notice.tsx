import { GATES } from "~server/api/packages/contract";
import { useTranslation } from "~/lib/translate";
import { Link } from "react-router";

/**
 * On a person's own pages when an admin switched their account off: the spec's words, the admin's
 * reason, and the way to reach the team (the contact form stays open to them).
 */
export function DeactivatedNotice({
  account,
}: {
  account: { is_active: boolean; deactivated_reason?: string | null };
}) {
  const { t } = useTranslation();
  if (account.is_active) return null;
  return (
    <div className="notice notice--warning" role="alert">
      <p>
        <strong>{t(GATES.deactivated.message)}</strong>
      </p>
      {account.deactivated_reason ? (
        <p>
          {t("The admin's reason:")} <span dir="auto">{account.deactivated_reason}</span>
        </p>
      ) : null}
      <p>
        {t(
          "You can still browse and read your messages, but you cannot post or change anything until your account is reactivated.",
        )}
      </p>
      <p className="notice__actions">
        <Link className="button button--small" to={GATES.deactivated.help}>
          {t("Contact us")}
        </Link>
      </p>
    </div>
  );
}
