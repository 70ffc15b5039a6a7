// The post-property form opened from an import: where the listing came from, what could not be
// carried over, and the photos that come with it (the first is the title image unless another is
// chosen). While photos are still arriving the page looks again every few seconds (scripts on).
import { useRefreshWhile } from "~/components/while-working";
import type { CallData } from "~server/api/calls";
import { SITE_NAMES } from "~server/api/imports/sites/contract";
import { useTranslation } from "~/lib/translate";
import "~/styles/tour-editor.css";

export type ImportedDraft = CallData<"listing-import">;

export function ImportedNotice({ imported }: { imported: ImportedDraft }) {
  const { t } = useTranslation();
  const arriving = imported.status === "processing" || imported.status === "queued";
  useRefreshWhile(arriving);
  const draft = imported.draft!;
  return (
    <section className="post-form__section import-notice" aria-labelledby="import-notice-h">
      <input type="hidden" name="import_id" value={imported.id} />
      <h2 id="import-notice-h">
        {t("Imported from {{site}}", {
          site: imported.site === "unknown" ? imported.site : SITE_NAMES[imported.site],
        })}
      </h2>
      <p>{t("Check every field before posting: nothing is published until you post it.")}</p>
      {draft.currency ? (
        <p className="field__hint">
          {t("The price is in {{currency}}, as the listing showed it.", { currency: draft.currency })}
        </p>
      ) : null}
      {draft.notes.length ? (
        <ul className="import-notice__notes">
          {draft.notes.map((n) => (
            <li key={n}>{t(n)}</li>
          ))}
        </ul>
      ) : null}
      <p role="status">
        {arriving
          ? t("Bringing the photos ({{n}} of {{total}})", {
              n: draft.photos.length,
              total: draft.photos_expected,
            })
          : t(
              "{{n}} photos come with the listing; the first is its title image unless you choose another below.",
              { n: draft.photos.length },
            )}
        {draft.photos_failed
          ? ` ${t("{{n}} photos could not be brought over: add them below.", { n: draft.photos_failed })}`
          : null}
      </p>
      {draft.photos.length ? (
        <ul className="import-notice__photos">
          {draft.photos.map((p, i) => (
            <li key={p.url}>
              <img
                src={p.variants[0]!.url}
                width={p.variants[0]!.width}
                height={Math.round((p.variants[0]!.width * p.height) / p.width)}
                alt={t("Imported photo {{n}}", { n: i + 1 })}
                loading="lazy"
                style={{ background: p.dominant ?? undefined }}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {arriving ? (
        <noscript>
          <p>
            <a href="">{t("Look again for the photos")}</a>
          </p>
        </noscript>
      ) : null}
    </section>
  );
}
