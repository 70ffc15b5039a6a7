// Words and small pieces for photo shoots, shared by the person's page and the admin console.
import type { CallData } from "~server/api/calls";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import "~/styles/photo-sessions.css";

export type PhotoSessionView = CallData<"photo-sessions">[number];
export type SessionStatus = PhotoSessionView["status"];

/** What each state means to the people following it (plain words rather than the API's codes). */
export const STATUS_LABEL: Record<SessionStatus, string> = {
  requested: "Waiting for a photographer",
  assigned: "Photographer assigned",
  submitted: "Ready for review",
  changes_requested: "Changes requested",
  approved: "Approved",
  cancelled: "Cancelled",
};

const STATUS_TONE: Record<SessionStatus, string> = {
  requested: "badge--pending",
  assigned: "badge--muted",
  submitted: "badge--pending",
  changes_requested: "badge--rejected",
  approved: "badge--approved",
  cancelled: "badge--inactive",
};

export function StatusBadge({ status }: { status: SessionStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${STATUS_TONE[status]}`} data-status={status}>
      {t(STATUS_LABEL[status])}
    </span>
  );
}

/** Stars as text: the glyphs for the eye, the number in words for a screen reader. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="photo-session__stars">
      <span aria-hidden="true">{"★".repeat(rating) + "☆".repeat(5 - rating)}</span>
      <span className="visually-hidden">{t("{{rating}} of 5 stars", { rating })}</span>
    </span>
  );
}

export const STAR_LABELS = ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"] as const;

/** A date in the reader's language. */
export function Day({ iso }: { iso: string }) {
  const { locale } = useRoot();
  const format = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  return <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}
