import { useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { PublicEnv } from "~server/runtime/env.server";
import { HONEYPOT_FIELD, HONEYPOT_VALID_FROM_FIELD } from "~/lib/honeypot";

type TokenGetter = (config: PublicEnv["firebase"], formData: FormData) => Promise<string>;

/**
 * With JavaScript, the browser signs in with the Firebase SDK (loaded only now) and posts the ID
 * token, or the SDK's error code, with the fields in `keep` (and the honeypot's, which the server
 * checks as it would the form's); the password never leaves the page.
 * With the emulator the form goes to the server as it is, exactly as without JavaScript: the
 * emulator's tokens carry no signature, so only a sign-in the server made itself is believed.
 */
export function useIdentitySubmit(config: PublicEnv["firebase"], keep: string[], getToken: TokenGetter) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [busy, setPending] = useState(false);
  const pending = busy || navigation.state === "submitting";
  const onSubmit = async (
    event: React.FormEvent<HTMLFormElement>,
    { formData, submission }: { formData: FormData; submission?: { status?: string } },
  ) => {
    if (config.emulator) return;
    event.preventDefault();
    if (submission?.status !== "success") return;
    setPending(true);
    const out = new FormData();
    for (const k of keep) out.set(k, String(formData.get(k) ?? ""));
    for (const k of [HONEYPOT_FIELD, HONEYPOT_VALID_FROM_FIELD]) {
      const value = formData.get(k);
      if (value !== null) out.set(k, String(value));
    }
    try {
      out.set("idToken", await getToken(config, formData));
    } catch (e) {
      const { errorCode } = await import("./firebase.client");
      out.set("clientError", errorCode(e));
    }
    setPending(false);
    await submit(out, { method: "post" });
  };
  return { pending, onSubmit };
}
