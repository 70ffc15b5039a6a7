// The ways to sign in, as plain links and a plain form: each is its own page that works without
// JavaScript. With JavaScript the Google button opens Google's window instead of leaving the page.
import { NavLink, useSubmit } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { useState } from "react";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";

const METHODS = [
  { to: "/login", label: "Email and password" },
  { to: "/login/email-link", label: "Email link" },
  { to: "/login/phone", label: "Phone" },
  { to: "/login/otp", label: "One-time code" },
] as const;

/** Where the Google form posts (a path under the page's language, decision 056). */
const GOOGLE_ACTION = "/login/google";
export function SignInMethods({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation();
  const suffix = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <nav className="sign-in-methods" aria-label={t("Ways to sign in")}>
      <ul>
        {METHODS.map((m) => (
          <li key={m.to}>
            <NavLink to={m.to + suffix} end>
              {t(m.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Continue with Google": a form posting to the server, or Google's window when JavaScript runs. */
export function GoogleButton({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation();
  const { env } = useRoot();
  const [pending, setPending] = useState(false);
  const submit = useSubmit();
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    // Google's window keeps the person on this page. Its SDK loads Google's own scripts even for
    // the emulator, so locally (offline) the server's redirect flow runs instead, as without JavaScript.
    if (env.firebase.emulator) return;
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    const { googleForToken, errorCode } = await import("./firebase.client");
    let field: [string, string];
    try {
      field = ["idToken", await googleForToken(env.firebase)];
    } catch (e) {
      field = ["clientError", errorCode(e)];
    }
    const data = new FormData(form);
    data.set(...field);
    setPending(false);
    await submit(data, { method: "post", action: GOOGLE_ACTION });
  };
  return (
    <Form method="post" action={GOOGLE_ACTION} className="sign-in-google" onSubmit={onSubmit}>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <SubmitButton className="button button--block button--ghost sign-in-google__button" pending={pending}>
        {t("Continue with Google")}
      </SubmitButton>
    </Form>
  );
}
