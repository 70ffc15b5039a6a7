// The chat page's parts: conversations, messages, the composer with its voice recorder, and the live
// stream that keeps the page current. Each works as plain HTML first; JavaScript adds live updates,
// sending without a reload and recording in the browser.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { showToast } from "~/components/toasts";
import type { ChatActionResult } from "./chat.server";

export interface ChatMessageView {
  message_id: number;
  sender_id: number;
  message: string | null;
  file: { url: string; name: string | null; type: string | null; size: number | null } | null;
  audio: { url: string; type: string | null } | null;
  is_read: boolean;
  is_deleted: boolean;
  created_at: string;
}

export interface ChatSummary {
  user_id: number;
  name: string;
  property_id: number;
  title: string;
  unread: number;
  last_message: ChatMessageView;
}

/** The API names its own file addresses; the page opens them through the signed-in session. */
export const webFileUrl = (url: string) => url.replace(/^\/api\/chat-file\//, "/user/chat/file/");

function useFormats() {
  const { locale } = useRoot();
  const tag = locale === "ar" ? "ar-AE" : "en-GB";
  return {
    time: new Intl.DateTimeFormat(tag, { hour: "2-digit", minute: "2-digit" }),
    day: new Intl.DateTimeFormat(tag, { dateStyle: "medium" }),
    size: (n: number) =>
      new Intl.NumberFormat(tag, {
        style: "unit",
        unit: n > 1e6 ? "megabyte" : "kilobyte",
        maximumFractionDigits: 1,
      }).format(n > 1e6 ? n / 1e6 : n / 1e3),
  };
}

export function ConversationList({
  chats,
  current,
}: {
  chats: ChatSummary[];
  current: { user_id: number; property_id: number } | null;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  if (!chats.length)
    return (
      <p className="empty-state">{t("No conversations yet. Ask an owner about a listing to start one.")}</p>
    );
  return (
    <ul className="chat-list">
      {chats.map((c) => {
        const last = c.last_message;
        const preview = last.is_deleted
          ? t("Message deleted")
          : last.message ||
            (last.audio ? t("Voice message") : last.file ? (last.file.name ?? t("File")) : "");
        const here = current?.user_id === c.user_id && current.property_id === c.property_id;
        return (
          <li key={`${c.user_id}-${c.property_id}`}>
            <Link
              className="chat-list__item"
              aria-current={here ? "page" : undefined}
              to={`/user/chat?user_id=${c.user_id}&property_id=${c.property_id}`}
            >
              <span className="chat-list__name" dir="auto">
                {c.name}
              </span>
              <span className="chat-list__title" dir="auto">
                {c.title}
              </span>
              <span className="chat-list__preview" dir="auto">
                {preview}
              </span>
              <time className="chat-list__time" dateTime={last.created_at}>
                {f.day.format(new Date(last.created_at))}
              </time>
              {c.unread ? (
                <span className="badge" aria-label={t("{{count}} unread", { count: c.unread })}>
                  {c.unread}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function MessageBubble({
  m,
  mine,
  hidden,
}: {
  m: ChatMessageView;
  mine: boolean;
  hidden: { receiver_id: number; property_id: number };
}) {
  const { t } = useTranslation();
  const f = useFormats();
  return (
    <li
      className={`bubble${mine ? " bubble--mine" : ""}${m.is_deleted ? " bubble--deleted" : ""}`}
      id={`m${m.message_id}`}
    >
      {m.is_deleted ? <p className="bubble__text">{t("Message deleted")}</p> : null}
      {m.message ? (
        <p className="bubble__text" dir="auto">
          {m.message}
        </p>
      ) : null}
      {m.file?.type?.startsWith("image/") ? (
        <a href={webFileUrl(m.file.url)} target="_blank" rel="noopener">
          <img
            className="bubble__photo"
            src={webFileUrl(m.file.url)}
            alt={m.file.name ?? t("Photo")}
            loading="lazy"
            width="240"
          />
        </a>
      ) : m.file ? (
        <a className="bubble__file" href={webFileUrl(m.file.url)} download={m.file.name ?? undefined}>
          <span dir="auto">{m.file.name}</span> {m.file.size ? <small>({f.size(m.file.size)})</small> : null}
        </a>
      ) : null}
      {m.audio ? (
        <audio
          className="bubble__audio"
          controls
          preload="none"
          src={webFileUrl(m.audio.url)}
          aria-label={t("Voice message")}
        >
          <a href={webFileUrl(m.audio.url)}>{t("Voice message")}</a>
        </audio>
      ) : null}
      <p className="bubble__meta">
        <time dateTime={m.created_at}>{f.time.format(new Date(m.created_at))}</time>
        {mine && m.is_read && !m.is_deleted ? <span> · {t("Seen")}</span> : null}
        {mine && !m.is_deleted ? (
          <Form
            method="post"
            className="inline-form"
            onSubmit={(e) => (window.confirm(t("Delete this message?")) ? undefined : e.preventDefault())}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="message_id" value={m.message_id} />
            <input type="hidden" name="receiver_id" value={hidden.receiver_id} />
            <input type="hidden" name="property_id" value={hidden.property_id} />
            <SubmitButton className="link-button">
              {t("Delete")}
              <span className="visually-hidden"> {t("this message")}</span>
            </SubmitButton>
          </Form>
        ) : null}
      </p>
    </li>
  );
}

const MIC_MESSAGES = {
  denied: "Permission is not allow for Microphone.",
  missing: "No Microphone Found",
  other: "Oops! Something went wrong. Please try again later",
} as const;

/** Records a voice message with the microphone and puts it in the form's audio field. */
function VoiceRecorder({ input }: { input: React.RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "recording" | "ready">("idle");
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);

  const fail = (message: string) => {
    setError(message);
    showToast("error", t(message));
  };
  const start = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined")
      return fail(MIC_MESSAGES.missing);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (e) {
      const name = (e as DOMException).name;
      return fail(
        name === "NotAllowedError" || name === "SecurityError"
          ? MIC_MESSAGES.denied
          : name === "NotFoundError" || name === "OverconstrainedError"
            ? MIC_MESSAGES.missing
            : MIC_MESSAGES.other,
      );
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream);
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      const type = rec.mimeType || "audio/webm";
      const file = new File(
        chunks,
        `voice.${type.includes("ogg") ? "ogg" : type.includes("mp4") ? "m4a" : "webm"}`,
        { type },
      );
      const box = new DataTransfer();
      box.items.add(file);
      if (input.current) input.current.files = box.files;
      setPreview(URL.createObjectURL(file));
      setState("ready");
    };
    recorder.current = rec;
    rec.start();
    setState("recording");
  };
  const discard = () => {
    if (input.current) input.current.value = "";
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
    setState("idle");
  };
  return (
    <div className="recorder">
      {state === "recording" ? (
        <button
          type="button"
          className="button button--small button--danger"
          onClick={() => recorder.current?.stop()}
        >
          {t("Stop recording")}
        </button>
      ) : state === "ready" ? (
        <>
          {preview ? <audio controls src={preview} aria-label={t("Your voice message")} /> : null}
          <button type="button" className="link-button" onClick={discard}>
            {t("Discard")}
          </button>
        </>
      ) : (
        <button type="button" className="button button--ghost button--small" onClick={start}>
          {t("Record a voice message")}
        </button>
      )}
      {error ? (
        <p className="field__errors" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** Write, attach, record, send. Without JavaScript the voice message is a file (phones offer to record). */
export function Composer({
  receiverId,
  propertyId,
  result,
}: {
  receiverId: number;
  propertyId: number;
  result?: ChatActionResult;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ChatActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const audio = useRef<HTMLInputElement>(null);
  const [alive, setAlive] = useState(false);
  const [recorderKey, setRecorderKey] = useState(0);
  useEffect(() => setAlive(true), []);
  // Once the form has been sent in place, its own answer is what counts (not an earlier page's).
  const shown = fetcher.data ?? result;
  const failed = shown && !shown.ok ? shown : null;
  const errors = failed?.errors ?? {};
  const generalError = failed && !Object.keys(errors).length ? failed.error : null;
  // A message that went: the form starts empty again, ready for the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      form.current?.reset();
      setRecorderKey((k) => k + 1);
      form.current?.querySelector("textarea")?.focus();
    }
  }, [fetcher.state, fetcher.data]);
  const errorFor = (name: string) =>
    errors[name]?.length ? (
      <div id={`chat-${name}-error`} className="field__errors" aria-live="polite">
        {errors[name]!.map((e) => (
          <p key={e}>{t(e)}</p>
        ))}
      </div>
    ) : null;
  return (
    <Form
      fetcher={fetcher}
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="composer"
      aria-label={t("Write a message")}
    >
      <input type="hidden" name="receiver_id" value={receiverId} />
      <input type="hidden" name="property_id" value={propertyId} />
      <input type="hidden" name="intent" value="send" />
      {alive ? <input type="hidden" name="reply" value="data" /> : null}
      {generalError ? (
        <p className="form-error" role="alert">
          {t(generalError)}
        </p>
      ) : null}
      <div className="field" data-invalid={errors.message ? true : undefined}>
        <label htmlFor="chat-message">{t("Message")}</label>
        <textarea
          id="chat-message"
          name="message"
          rows={2}
          maxLength={4000}
          dir="auto"
          defaultValue={result && !result.ok ? (result.message ?? "") : ""}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "chat-message-error" : undefined}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line (as every chat does).
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              form.current?.requestSubmit();
            }
          }}
        />
        {errorFor("message")}
      </div>
      <div className="composer__extras">
        <div className="field">
          <label htmlFor="chat-file">{t("Attach a photo or PDF")}</label>
          <input
            id="chat-file"
            type="file"
            name="file"
            accept="image/jpeg,image/png,application/pdf"
            aria-describedby={errors.file ? "chat-file-error" : undefined}
          />
          {errorFor("file")}
        </div>
        <div className="field" hidden={alive || undefined}>
          <label htmlFor="chat-audio">{t("Voice message")}</label>
          <input
            ref={audio}
            id="chat-audio"
            type="file"
            name="audio"
            accept="audio/*"
            capture="user"
            aria-describedby={errors.audio ? "chat-audio-error" : undefined}
          />
          {errorFor("audio")}
        </div>
        {alive ? <VoiceRecorder key={recorderKey} input={audio} /> : null}
      </div>
      <SubmitButton className="button" pendingLabel={t("Sending…")}>
        {t("Send")}
      </SubmitButton>
    </Form>
  );
}

/**
 * Keeps the page current while it is open: the stream says something happened (a message arrived,
 * was read or deleted) and the page asks the server again. The browser reconnects by itself and
 * resumes from the last event it saw.
 */
export function useChatLive(lastEventId: number) {
  const revalidator = useRevalidator();
  const again = useRef(revalidator.revalidate);
  again.current = revalidator.revalidate;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/user/chat/events?last_event_id=${lastEventId}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void again.current(), 60);
    };
    for (const kind of ["message", "delete", "read"]) source.addEventListener(kind, refresh);
    return () => {
      clearTimeout(timer);
      source.close();
    };
    // One stream for as long as the page is open; it resumes by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
