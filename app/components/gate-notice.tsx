import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import type { Gate } from "~/modules/packages/gate.server";

/** OK to the page that fixes a gate (profile, packages…), and Contact us where the admin must act. */
export function GateLinks({ gate, small = false }: { gate: Pick<Gate, "href" | "help">; small?: boolean }) {
  const { t } = useTranslation();
  const href = useHref();
  const size = small ? " button--small" : "";
  return (
    <>
      <Link className={`button${size}`} to={href(gate.href)}>
        {t("OK")}
      </Link>
      {gate.help ? (
        <>
          {" "}
          <Link className={`button button--ghost${size}`} to={href(gate.help)}>
            {t("Contact us")}
          </Link>
        </>
      ) : null}
    </>
  );
}

/** The spec's refusal before a form opens, with its way out. */
export function GateNotice({ gate }: { gate: Gate }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice--warning" role="alert">
      <p>{t(gate.message)}</p>
      <p className="notice__actions">
        <GateLinks gate={gate} />
      </p>
    </div>
  );
}
