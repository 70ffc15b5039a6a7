// Web push on the page: <PushMessages /> (once, in the root) resumes push for a signed-in person and
// shows a push that arrives while the site is open as a toast; <PushSwitch /> offers to turn
// notifications on in this browser. Both need JavaScript and a configured Firebase web app, and
// render nothing otherwise: the in-app notifications page works without them.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { MessagePayload } from "firebase/messaging";
import { useRoot } from "~/lib/use-root";
import { useTranslation } from "~/lib/translate";
import { localizePath, type Locale } from "~/lib/i18n";
import type { PushState } from "./messaging.client";

// The browser-only module is loaded by effects, never while rendering on the server.
const browser = () => import("./messaging.client");

export function PushMessages() {
  const { viewer, env, locale } = useRoot();
  const { revalidate } = useRevalidator();
  const config = env.push;
  const who = viewer ? (viewer.email ?? viewer.name ?? "") : null;
  useEffect(() => {
    if (!config || who === null) return;
    void browser().then((m) =>
      m.resumePush(config, who, (payload) => {
        showPushToast(payload, locale as Locale);
        // The new notification on this page too (the unread count, the notifications list).
        void revalidate();
      }),
    );
  }, [config, who, locale, revalidate]);
  return null;
}

/** The title and text in the page's language (the push carries every language in its data). */
function showPushToast(payload: MessagePayload, locale: Locale) {
  const data = payload.data ?? {};
  const title = data[`title_${locale}`] ?? payload.notification?.title ?? "";
  const body = data[`body_${locale}`] ?? payload.notification?.body ?? "";
  const link = data.link ? localizePath(locale, data.link) : null;
  const content = (
    <span className="push-toast" dir="auto">
      <strong>{title}</strong>
      {body ? <span>{body}</span> : null}
    </span>
  );
  void import("react-hot-toast").then(({ toast }) => toast(link ? <a href={link}>{content}</a> : content));
}

function usePushState(): PushState {
  const [state, setState] = useState<PushState>("off");
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void browser().then((m) => {
      if (cancelled) return;
      setState(m.pushState.get());
      unsubscribe = m.pushState.subscribe(() => setState(m.pushState.get()));
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);
  return state;
}

/** "Turn on notifications": the browser asks for permission only after this press, never on arrival. */
export function PushSwitch() {
  const { t } = useTranslation();
  const { env } = useRoot();
  const state = usePushState();
  const [asking, setAsking] = useState(false);
  const config = env.push;
  if (!config) return null;
  if (state === "on")
    return (
      <p className="push-switch muted" role="status">
        {t("Notifications are on in this browser.")}
      </p>
    );
  if (state === "denied")
    return (
      <p className="push-switch muted" role="status">
        {t("Notifications are blocked for this site in your browser's settings.")}
      </p>
    );
  if (state !== "ask") return null;
  return (
    <div className="push-switch">
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={asking}
        onClick={() => {
          setAsking(true);
          void browser()
            .then((m) => m.enablePush(config))
            .finally(() => setAsking(false));
        }}
      >
        {t("Turn on notifications")}
      </button>
      <p className="field__hint">
        {t("Get a notification in this browser when something happens, even while the site is closed.")}
      </p>
    </div>
  );
}
