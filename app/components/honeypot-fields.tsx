// The honeypot's fields (decision 055), drawn by the server into every form anyone may post
// without signing in, so they are there with JavaScript off too. Hidden from people (display: none,
// from remix-utils' own style tag) and from screen readers (aria-hidden), out of the tab order;
// the action refuses the post when the hidden field comes back filled (app/lib/honeypot.server.ts).
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { useNonce } from "~/lib/nonce";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";

export function HoneypotFields() {
  const { t } = useTranslation();
  const { honeypot } = useRoot();
  return (
    <HoneypotProvider {...honeypot}>
      <HoneypotInputs label={t("Leave this field empty")} nonce={useNonce()} />
    </HoneypotProvider>
  );
}
