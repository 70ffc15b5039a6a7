// "Near me": asks the browser for its position only when pressed (never on arrival), then posts it.
// Without JavaScript the same button posts without one, and the server says what else works.
import { useState } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";

export function NearMe({ known }: { known: boolean }) {
  const { t } = useTranslation();
  const href = useHref();
  const location = useLocation();
  const submit = useSubmit();
  const [state, setState] = useState<"idle" | "busy" | "denied">("idle");
  const back = `${location.pathname}${location.search}`;
  return (
    <div className="near-me">
      <Form
        method="post"
        action={href("/location")}
        onSubmit={(e) => {
          if (!("geolocation" in navigator)) return; // posts as it is: the server explains
          e.preventDefault();
          const form = e.currentTarget;
          setState("busy");
          navigator.geolocation.getCurrentPosition(
            (pos) => {
              setState("idle");
              const data = new FormData(form);
              data.set("latitude", String(pos.coords.latitude));
              data.set("longitude", String(pos.coords.longitude));
              submit(data, { method: "post", action: href("/location") });
            },
            () => setState("denied"),
            { maximumAge: 600_000, timeout: 10_000 },
          );
        }}
      >
        <input type="hidden" name="redirectTo" value={back} />
        <button type="submit" className="button button--ghost button--small" disabled={state === "busy"}>
          {state === "busy" ? t("Finding you…") : t("Near me")}
        </button>
      </Form>
      {known ? (
        <Form method="post" action={href("/location")}>
          <input type="hidden" name="intent" value="forget" />
          <input type="hidden" name="redirectTo" value={back} />
          <button type="submit" className="link-button">
            {t("Forget my position")}
          </button>
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
