import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translate";
import { useHere, useRoot } from "~/lib/use-root";

/** Plain share links (no scripts from other sites); the phone's own share sheet when it has one. */
export function ShareLinks({ title }: { title: string }) {
  const { t } = useTranslation();
  const { origin } = useRoot();
  // The page's own address, without the query (filters, a page number) a link to share leaves out.
  const url = origin + useHere().replace(/[?#].*$/, "");
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return (
    <section className="share" aria-labelledby="share-h">
      <h2 id="share-h">{t("Share")}</h2>
      <ul>
        {canShare ? (
          <li>
            <button
              type="button"
              className="button button--small"
              onClick={() => navigator.share({ title, url }).catch(() => {})}
            >
              {t("Share…")}
            </button>
          </li>
        ) : null}
        <li>
          <a href={`https://wa.me/?text=${text}%20${u}`} rel="noopener noreferrer" target="_blank">
            WhatsApp
          </a>
        </li>
        <li>
          <a
            href={`https://www.facebook.com/sharer/sharer.php?u=${u}`}
            rel="noopener noreferrer"
            target="_blank"
          >
            Facebook
          </a>
        </li>
        <li>
          <a
            href={`https://x.com/intent/post?url=${u}&text=${text}`}
            rel="noopener noreferrer"
            target="_blank"
          >
            X
          </a>
        </li>
        <li>
          <a href={`mailto:?subject=${text}&body=${u}`}>{t("Email")}</a>
        </li>
      </ul>
    </section>
  );
}
