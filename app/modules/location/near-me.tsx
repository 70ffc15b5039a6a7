// "Near me": asks the browser for its position only when pressed (never on arrival), then posts it.
// Without JavaScript the same button posts without one, and the server says what else works.
import { useEffect, useRef, useState } from "react";
import { useLocation, useSubmit } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";

export function NearMe({ known }: { known: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const address = useAddress();
  const submit = useSubmit();
  const [state, setState] = useState<"idle" | "busy" | "denied">("idle");
  const params = new URLSearchParams(location.search);
  const asked = params.get("locate") === "1";
  params.delete("locate");
  const rest = params.toString();
  const back = address(`${location.pathname}${rest ? `?${rest}` : ""}`);
  const form = useRef<HTMLFormElement>(null);

  const locate = () => {
    if (!("geolocation" in navigator)) return setState("denied");
    setState("busy");
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setState("idle");
        const data = new FormData(form.current ?? undefined);
        data.set("redirectTo", back);
        data.set("latitude", String(pos.coords.latitude));
        data.set("longitude", String(pos.coords.longitude));
        submit(data, { method: "post", action: "/location" });
      },
      () => setState("denied"),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  };

  const [running, setRunning] = useState(false);
  // Pressed before this script ran: the server sent the page back asking for the position (locate=1).
  useEffect(() => {
    setRunning(true);
    if (asked) locate();
    // Once per arrival with locate=1.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  return (
    <div className="near-me">
      {/* Shown by the server; once the script runs it asks the browser instead, and this goes. */}
      {asked && !running ? (
        <p className="form-error" role="status">
          {t(
            "Your browser shares its position only with JavaScript on. Choose a city, or a saved place, instead.",
          )}
        </p>
      ) : null}
      <Form
        ref={form}
        method="post"
        action="/location"
        onSubmit={(e) => {
          e.preventDefault();
          locate();
        }}
      >
        <input type="hidden" name="redirectTo" value={back} />
        <SubmitButton
          className="button button--ghost button--small"
          pending={state === "busy"}
          pendingLabel={t("Finding you…")}
        >
          {t("Near me")}
        </SubmitButton>
      </Form>
      {known ? (
        <Form method="post" action="/location">
          <input type="hidden" name="intent" value="forget" />
          <input type="hidden" name="redirectTo" value={back} />
          <SubmitButton className="link-button">{t("Forget my position")}</SubmitButton>
        </Form>
      ) : null}
      {state === "denied" ? (
        <p className="field__errors" role="status">
          {t("Location is off. Choose a city instead.")}
        </p>
      ) : null}
    </div>
  );
}
