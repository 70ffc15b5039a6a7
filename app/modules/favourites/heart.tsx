// The heart on a card or a listing page. A plain form first (a full page post, back to the same
// page); once React runs, the same form is sent in the background and the heart turns at once.
import { Link, useFetcher } from "react-router";
import { useTranslation } from "~/lib/translate";
import { useHere, useRoot } from "~/lib/use-root";
import { useHydrated } from "~/components/map/lazy";

export function FavouriteButton({
  propertyId,
  on,
  title,
  className = "fav",
}: {
  propertyId: number;
  on: boolean;
  title: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { viewer } = useRoot();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ is_favourite?: boolean; error?: string }>();
  const here = useHere();
  if (!viewer) {
    return (
      <Link
        className={className}
        to={`/login?redirectTo=${encodeURIComponent(here)}`}
        aria-label={t("Sign in to save {{title}}", { title })}
      >
        <span aria-hidden="true">♡</span>
      </Link>
    );
  }
  // While a change is on its way, show where it is going; after it, what the server said.
  const sent = fetcher.formData?.get("type");
  const shown = sent != null ? sent === "1" : (fetcher.data?.is_favourite ?? on);
  return (
    <fetcher.Form method="post" action="/user/favourites" className={className}>
      <input type="hidden" name="property_id" value={propertyId} />
      <input type="hidden" name="type" value={shown ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={here} />
      {hydrated ? <input type="hidden" name="_background" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={
          shown
            ? t("Remove {{title}} from favourites", { title })
            : t("Save {{title}} to favourites", { title })
        }
      >
        <span aria-hidden="true">{shown ? "♥" : "♡"}</span>
      </button>
    </fetcher.Form>
  );
}
