import { useTranslation } from "~/lib/translate";

/**
 * The mark of a person who passed agent verification: a check and "Verified" on screen, read out as
 * one thing ("Verified agent") by screen readers.
 */
export function VerifiedBadge({ label = "Verified agent" }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <span className="badge badge--verified" role="img" aria-label={t(label)} title={t(label)}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="12" height="12">
        <path fill="currentColor" d="M6.4 11.6 2.7 7.9l1.2-1.2 2.5 2.5 5.7-5.7 1.2 1.2z" />
      </svg>
      {t("Verified")}
    </span>
  );
}
