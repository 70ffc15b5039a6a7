import { useNavigation } from "react-router";

/** A thin bar at the top while a page loads (spec §2 root wrapper). Pure CSS animation. */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  return (
    <div
      className="progress-bar"
      data-active={busy}
      role="progressbar"
      aria-hidden={!busy}
      aria-valuetext={busy ? "Loading" : undefined}
    />
  );
}
