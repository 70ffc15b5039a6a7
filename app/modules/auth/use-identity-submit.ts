import { useState } from "react";
import { useSubmit } from "react-router";
import type { PublicEnv } from "~server/env.server";

type TokenGetter = (config: PublicEnv["firebase"], formData: FormData) => Promise<string>;

/**
 * With JavaScript, the browser signs in with the Firebase SDK (loaded only now) and posts the ID
 * token, or the SDK's error code, with the fields in `keep`; the password never leaves the page.
 */
export function useIdentitySubmit(config: PublicEnv["firebase"], keep: string[], getToken: TokenGetter) {
  const submit = useSubmit();
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>, { formData, submission }: { formData: FormData; submission?: { status?: string } }) => {
    event.preventDefault();
    if (submission?.status !== "success") return;
    setPending(true);
    const out = new FormData();
    for (const k of keep) out.set(k, String(formData.get(k) ?? ""));
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
