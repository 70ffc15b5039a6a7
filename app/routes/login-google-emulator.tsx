// Local development and tests only: the Firebase Auth emulator has no Google page a server can send
// a browser to, so this page plays Google. It sends the browser back to our callback with a fake
// ID token the emulator accepts, exactly as Google's answer comes back in production. Refused
// (404) whenever the emulator is not in use.
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import type { Route } from "./+types/login-google-emulator";
import { publicEnv } from "~server/runtime/env.server";
import { safeRedirect } from "~/modules/auth/form.server";

function onlyOnEmulator() {
  if (!publicEnv().firebase.emulator) throw new Response("Not found", { status: 404 });
}

export function loader() {
  onlyOnEmulator();
  return null;
}

export function meta() {
  return [{ title: "Google (emulator)" }, { name: "robots", content: "noindex" }];
}

export async function action({ request }: Route.ActionArgs) {
  onlyOnEmulator();
  const form = await request.formData();
  const back = safeRedirect(new URL(request.url).searchParams.get("continue")) ?? "/login/google/callback";
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const name = String(form.get("name") ?? "").trim();
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) return { error: "Email address is invalid" };
  const idToken = JSON.stringify({
    sub: `emulated:${email}`,
    email,
    email_verified: true,
    ...(name ? { name } : {}),
  });
  return redirect(`${back}?${new URLSearchParams({ providerId: "google.com", id_token: idToken })}`);
}

export default function GoogleEmulator({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="auth">
      <h1>{t("Google (emulator)")}</h1>
      <p>{t("This page stands in for Google while the sign-in emulator runs.")}</p>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {t(actionData.error)}
        </p>
      ) : null}
      <Form method="post" className="auth__form">
        <div className="field">
          <label htmlFor="g-email">{t("Email")}</label>
          <input id="g-email" name="email" type="email" required dir="ltr" autoComplete="email" />
        </div>
        <div className="field">
          <label htmlFor="g-name">{t("Name")}</label>
          <input id="g-name" name="name" autoComplete="name" />
        </div>
        <SubmitButton className="button button--block">{t("Continue")}</SubmitButton>
      </Form>
    </section>
  );
}
