// The photo fields a listing form shares: the title image with its preview, and the gallery. Without
// JavaScript the gallery is a file input and a remove box per saved photo. With it, chosen photos
// show at once and the whole gallery can be reordered, and new photos dropped, before anything is
// sent; the form then sends the photos itself, with `gallery_order` (`e<id>` saved, `n<i>` new).
import { useEffect, useRef, useState } from "react";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/lib/translate";
import { useHydrated } from "~/components/map/lazy";
import { FieldErrors, type ErrorMeta } from "./field-errors";

export interface SavedPhoto {
  id: number;
  url: string;
  variants: { width: number; url: string }[];
}

interface NewPhoto {
  file: File;
  url: string;
}

export type Gallery = ReturnType<typeof useGallery>;

export function useGallery(saved: SavedPhoto[]) {
  const hydrated = useHydrated();
  const [newPhotos, setNewPhotos] = useState<NewPhoto[]>([]);
  const [order, setOrder] = useState<string[]>(() => saved.map((g) => `e${g.id}`));
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  // Previews live as long as the form; a dropped photo's preview goes at once.
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  function add(files: File[]) {
    const added = files.map((file) => ({ file, url: URL.createObjectURL(file) }));
    urls.current.push(...added.map((p) => p.url));
    const start = newPhotos.length;
    setNewPhotos([...newPhotos, ...added]);
    setOrder([...order, ...added.map((_, i) => `n${start + i}`)]);
  }
  function move(index: number, by: number) {
    const next = [...order];
    const [token] = next.splice(index, 1);
    next.splice(Math.max(0, Math.min(next.length, index + by)), 0, token!);
    setOrder(next);
  }
  function dropNew(n: number) {
    URL.revokeObjectURL(newPhotos[n]!.url);
    // New photos are numbered by their place in the upload: the ones after the dropped one move down.
    setNewPhotos(newPhotos.filter((_, i) => i !== n));
    setOrder(
      order
        .filter((tok) => tok !== `n${n}`)
        .map((tok) =>
          tok.startsWith("n") && Number(tok.slice(1)) > n ? `n${Number(tok.slice(1)) - 1}` : tok,
        ),
    );
  }
  function markRemoved(id: number, yes: boolean) {
    const next = new Set(removed);
    if (yes) next.add(id);
    else next.delete(id);
    setRemoved(next);
  }

  /** The form's entries with the gallery as arranged (before hydration the file input carries it). */
  function withGallery(formData: FormData) {
    if (!hydrated) return formData;
    const out = new FormData();
    formData.forEach((v, k) => k !== "gallery_images" && k !== "gallery_order" && out.append(k, v));
    newPhotos.forEach((p) => out.append("gallery_images", p.file));
    out.set(
      "gallery_order",
      order.filter((tok) => !(tok.startsWith("e") && removed.has(Number(tok.slice(1))))).join(","),
    );
    return out;
  }

  return { hydrated, saved, newPhotos, order, removed, add, move, dropNew, markRemoved, withGallery };
}

/** The gallery field: `meta` is the gallery input's, `removeMeta` the remove boxes' messages. */
export function GalleryPicker({
  gallery,
  meta,
  removeMeta,
}: {
  gallery: Gallery;
  meta: FieldMetadata<string>;
  removeMeta: ErrorMeta;
}) {
  const { t } = useTranslation();
  const { hydrated, saved, newPhotos, order, removed } = gallery;
  const savedById = new Map(saved.map((g) => [g.id, g]));
  const input = useRef<HTMLInputElement>(null);
  // Pages come alive on the first touch, which can be the tap that opens the file picker: photos
  // chosen before React took over are still in this same input (it is never replaced), so take
  // them into the arranged gallery now.
  useEffect(() => {
    const el = input.current;
    if (!hydrated || !el?.files?.length) return;
    gallery.add([...el.files]);
    el.value = "";
    // Once, when the page comes alive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <label htmlFor={meta.id}>{t("Gallery images")}</label>
      {hydrated ? (
        <ol className="post-form__gallery">
          {order.map((tok, i) => {
            const isNew = tok.startsWith("n");
            const n = Number(tok.slice(1));
            const src = isNew ? newPhotos[n]?.url : savedById.get(n)?.url;
            if (!src) return null;
            const gone = !isNew && removed.has(n);
            return (
              // Keyed by the picture, not the token: dropping a new photo renumbers the tokens after it.
              <li key={isNew ? src : tok} data-removed={gone || undefined}>
                <img src={src} alt="" width={120} height={90} />
                <span className="post-form__gallery-actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => gallery.move(i, -1)}
                    disabled={i === 0}
                    aria-label={t("Move earlier")}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => gallery.move(i, 1)}
                    disabled={i === order.length - 1}
                    aria-label={t("Move later")}
                  >
                    ↓
                  </button>
                  {isNew ? (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => gallery.dropNew(n)}
                    >
                      {t("Remove")}
                    </button>
                  ) : (
                    <label className="field--check">
                      <input
                        type="checkbox"
                        name="remove_gallery_images"
                        value={n}
                        checked={gone}
                        onChange={(e) => gallery.markRemoved(n, e.target.checked)}
                      />
                      {t("Remove")}
                    </label>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        saved.length > 0 && (
          <ul className="post-form__gallery">
            {saved.map((g) => (
              <li key={g.id}>
                <img src={g.variants[0]?.url ?? g.url} alt="" width={120} height={90} />
                <label className="field--check">
                  <input type="checkbox" name="remove_gallery_images" value={g.id} />
                  {t("Remove")}
                </label>
              </li>
            ))}
          </ul>
        )
      )}
      {/* One input in both modes, at the same place, so React keeps it (and any chosen files) when it takes over. */}
      <input
        ref={input}
        id={meta.id}
        name="gallery_images"
        type="file"
        accept="image/jpeg,image/png"
        multiple
        onChange={
          hydrated
            ? (e) => {
                gallery.add([...(e.target.files ?? [])]);
                // Emptied, so the same photo can be chosen again and the form does not send it twice.
                e.target.value = "";
              }
            : undefined
        }
      />
      <FieldErrors meta={meta} />
      <FieldErrors meta={removeMeta} />
    </div>
  );
}

/** The title image (a listing's cover): the saved one, or the one just chosen, above the input. */
export function TitleImageField({ meta, current }: { meta: FieldMetadata<string>; current?: string | null }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const src = preview ?? current;
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <label htmlFor={meta.id}>{t("Title image")}</label>
      {src && <img className="post-form__thumb" src={src} alt="" width={160} height={120} />}
      <input
        {...getInputProps(meta, { type: "file" })}
        accept="image/jpeg,image/png"
        onChange={(e) => {
          const f = e.target.files?.[0];
          setPreview(f ? URL.createObjectURL(f) : null);
        }}
      />
      <p className="field__hint">{t("JPEG or PNG, at least 120×120 pixels, at most 10 MB.")}</p>
      <FieldErrors meta={meta} />
    </div>
  );
}

/** Documents: the saved ones with a remove box each, and an input for more. */
export function DocumentsField({
  meta,
  saved,
  removeMeta,
}: {
  meta: FieldMetadata<string>;
  saved: { id: number; name: string; url: string }[];
  removeMeta?: ErrorMeta;
}) {
  const { t } = useTranslation();
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <label htmlFor={meta.id}>{t("Documents (PDF)")}</label>
      {saved.length > 0 && (
        <ul className="post-form__docs">
          {saved.map((d) => (
            <li key={d.id}>
              <a href={d.url}>{d.name}</a>{" "}
              <label className="field--check">
                <input type="checkbox" name="remove_documents" value={d.id} />
                {t("Remove")}
              </label>
            </li>
          ))}
        </ul>
      )}
      <input id={meta.id} name="documents" type="file" accept="application/pdf" multiple />
      <FieldErrors meta={meta} />
      {removeMeta && <FieldErrors meta={removeMeta} />}
    </div>
  );
}
