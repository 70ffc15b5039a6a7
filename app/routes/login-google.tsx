// "Continue with Google". With JavaScript the browser signs in in Google's window and posts the ID
// token here. Without it the server sends the browser to Google (createAuthUri) and finishes at
// /login/google/callback; against the emulator, which has no such page for servers, a stand-in
// page of ours plays Google (/login/google/emulator).
import { Link } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/login-google";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { publicEnv } from "~server/runtime/env.server";
import { readIdentity, safeRedirect } from "~/modules/auth/form.server";
import { authErrorMessage } from "~/lib/identity-errors";
import { googleFlowCookie, sessionRedirect } from "~/modules/auth/sign-in.server";
import { GoogleButton } from "~/modules/auth/sign-in-methods";
import { FormErrors } from "~/components/form-errors";
import { data } from "react-router";

// A page of its own only to show why Google sign-in failed, with the button to try again.
export function loader() {
  return null;
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: "Continue with Google", noindex: true });
}

const problem = (code: string) => {
  const m = authErrorMessage(code);
  return data({ errors: [m.code ? `${m.message} ${m.code}` : m.message] }, { status: 400 });
};

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const formData = await request.formData();
  const to = safeRedirect(formData.get("redirectTo"));
  const { idToken, clientError } = readIdentity(formData);
  if (clientError) return problem(clientError);
  if (idToken) {
    const res = await api("sign-in-profile", { logintype: "google" }, { token: idToken, request });
    if (res.error) return data({ errors: [res.message] }, { status: 400 });
    return sessionRedirect(locale, idToken, to);
  }
  const origin = new URL(request.url).origin;
  const callback = `${origin}${localizePath(locale, "/login/google/callback")}`;
  const flow = await googleFlowCookie.serialize({ session_id: null, to });
  if (publicEnv().firebase.emulator) {
    return redirect(
      `${localizePath(locale, "/login/google/emulator")}?${new URLSearchParams({ continue: localizePath(locale, "/login/google/callback") })}`,
      {
        headers: { "set-cookie": flow },
      },
    );
  }
  const res = await api("idp-auth-uri", { provider_id: "google.com", continue_uri: callback }, { request });
  if (res.error) return problem(res.errors?._identity?.[0] ?? "INTERNAL_ERROR");
  return redirect(res.data.auth_uri, {
    headers: { "set-cookie": await googleFlowCookie.serialize({ session_id: res.data.session_id, to }) },
  });
}

export default function LoginGoogle({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="auth">
      <h1>{t("Continue with Google")}</h1>
      <FormErrors id="google-errors" errors={actionData?.errors} />
      <GoogleButton />
      <p>
        <Link to="/login">{t("Back to sign in")}</Link>
      </p>
    </section>
  );
}
