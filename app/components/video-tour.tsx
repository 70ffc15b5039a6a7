import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translate";

/** The 11-character id of a YouTube link, in any of its usual shapes; null for anything else. */
export function youtubeId(link: string): string | null {
  try {
    const u = new URL(link);
    const host = u.hostname.replace(/^www\.|^m\./, "");
    const id =
      host === "youtu.be"
        ? u.pathname.slice(1)
        : host === "youtube.com"
          ? (u.searchParams.get("v") ?? u.pathname.match(/^\/(?:embed|shorts)\/([\w-]{11})/)?.[1])
          : null;
    return id && /^[\w-]{11}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * A listing's video. Always a link to where it lives; for YouTube, with JavaScript, it can play
 * on the page instead. The player (and YouTube's cookies and scripts) loads only on request.
 */
export function VideoTour({ link, title }: { link: string; title: string }) {
  const { t } = useTranslation();
  const id = youtubeId(link);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <section aria-labelledby="video-h" className="video-tour">
      <h2 id="video-h">{t("Video tour")}</h2>
      {playing && id ? (
        <div className="video-tour__frame">
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`}
            title={t("Video tour of {{title}}", { title })}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            loading="lazy"
          />
        </div>
      ) : (
        <p className="video-tour__actions">
          {ready && id ? (
            <button type="button" className="button" onClick={() => setPlaying(true)}>
              {t("Play the video here")}
            </button>
          ) : null}
          <a
            href={link}
            rel="noopener noreferrer"
            target="_blank"
            className={ready && id ? "button button--ghost" : "button"}
          >
            {t("Watch the video tour")}
          </a>
        </p>
      )}
    </section>
  );
}
