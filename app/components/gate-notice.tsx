import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";

/** A refusal before a form opens: the spec's message, the page that fixes it, and who can help. */
export type Gate = { message: string; href: string; help?: string };

/** OK to the page that fixes a gate (profile, packages…), and Contact us where the admin must act. */
export function GateLinks({ gate, small = false }: { gate: Pick<Gate, "href" | "help">; small?: boolean }) {
  const { t } = useTranslation();
  const size = small ? " button--small" : "";
  return (
    <>
      <Link className={`button${size}`} to={gate.href}>
        {t("OK")}
      </Link>
      {gate.help ? (
        <>
          {" "}
          <Link className={`button button--ghost${size}`} to={gate.help}>
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

/**
 * Under a teaser of something a package opens (a premium listing, a project's plans, the mortgage
 * table): the spec's message for a signed-in visitor, the way to the packages, and sign-in for
 * a visitor who is not (they come back to `backTo`).
 */
export function PackageGateActions({
  gate,
  backTo,
}: {
  gate: { message: string; href: string } | null;
  backTo: string;
}) {
  const { t } = useTranslation();
  const { viewer } = useRoot();
  return (
    <>
      {gate ? <p className="premium-teaser__gate">{t(gate.message)}</p> : null}
      <p className="notice__actions">
        <Link className="button button--small" to={gate?.href ?? "/subscription-plan"}>
          {t("See packages")}
        </Link>
        {viewer ? null : (
          <>
            {" "}
            <Link
              className="button button--ghost button--small"
              to={`/login?redirectTo=${encodeURIComponent(backTo)}`}
            >
              {t("Sign in")}
            </Link>
          </>
        )}
      </p>
    </>
  );
}
