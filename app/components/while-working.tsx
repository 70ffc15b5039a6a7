// Pages that wait for background work (a video being prepared, photos being brought over): with
// scripts they look again every few seconds; without, a link does it (an automatic reload would
// lose what is being typed in the page's forms).
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "~/lib/translate";

/** Reloads the page's data every `everyMs` while `working`. */
export function useRefreshWhile(working: boolean, everyMs = 3000) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), everyMs);
    return () => clearInterval(timer);
  }, [working, everyMs, revalidator]);
}

/** Without scripts: a link that shows the page again, while `when`. */
export function CheckAgain({ when }: { when: boolean }) {
  const { t } = useTranslation();
  if (!when) return null;
  return (
    <noscript>
      <p className="notice">
        <a href="">{t("Check again")}</a>
      </p>
    </noscript>
  );
}
