import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import type { Gate } from "~/modules/packages/gate.server";

/** The spec's refusal, with OK leading to the page that fixes it (profile, packages…). */
export function GateNotice({ gate }: { gate: Gate }) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <div className="notice notice--warning" role="alert">
      <p>{t(gate.message)}</p>
      <p className="notice__actions">
        <Link className="button" to={href(gate.href)}>
          {t("OK")}
        </Link>
        {gate.help ? (
          <Link className="button button--ghost" to={href(gate.help)}>
            {t("Contact us")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
