import { useNavigation } from "react-router";
import { useTranslation } from "~/lib/translate";

/** A thin bar at the top while a page loads (spec §2 root wrapper). Pure CSS animation. */
export function ProgressBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <div
      className="progress-bar"
      data-active={busy}
      role="progressbar"
      // A progress bar needs a name while it shows (the page's skeleton says the rest aloud).
      aria-label={t("Loading…")}
      aria-hidden={!busy}
      aria-valuetext={busy ? t("Loading…") : undefined}
    />
  );
}
