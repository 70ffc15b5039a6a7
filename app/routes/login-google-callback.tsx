// Where Google (or the emulator's stand-in) sends the browser back: the server finishes the sign-in
// with the address it came back to and the session id it kept, then starts our session.
import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/login-google-callback";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { authErrorMessage } from "~/lib/identity-errors";
import {
  clearCookie,
  googleFlowCookie,
  sessionRedirect,
  type GoogleFlow,
} from "~/modules/auth/sign-in.server";
import { safeRedirect } from "~/modules/auth/form.server";
import { data } from "react-router";

export async function loader({ request, context }: Route.LoaderArgs) {
  const flow = (await googleFlowCookie.parse(request.headers.get("cookie"))) as GoogleFlow | null;
  const res = await api(
    "idp-login",
    { request_uri: request.url, session_id: flow?.session_id ?? undefined },
    { request },
  );
  const cleared = await clearCookie(googleFlowCookie);
  if (res.error) {
    const code = res.errors?._identity?.[0];
    const m = code ? authErrorMessage(code) : { message: res.message, code: undefined };
    return data(
      { problem: m.message, code: m.code ?? null },
      { status: 400, headers: { "set-cookie": cleared } },
    );
  }
  return sessionRedirect(getLocale(context), res.data.token, safeRedirect(flow?.to), [cleared]);
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: "Continue with Google", noindex: true });
}

export default function LoginGoogleCallback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="auth">
      <h1>{t("Continue with Google")}</h1>
      <p className="form-error" role="alert">
        {t(loaderData.problem)}
        {loaderData.code ? ` ${loaderData.code}` : ""}
      </p>
      <p>
        <Link to="/login">{t("Back to sign in")}</Link>
      </p>
    </section>
  );
}
