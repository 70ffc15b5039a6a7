// The tour video's upload form. Without JavaScript it is a plain multipart form; with JavaScript
// the same form is sent with XMLHttpRequest, whose upload events give a progress bar (fetch has
// none), and a refusal shows the server's message or 'Failed to upload video' (spec §8).
import { useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";

export const UPLOAD_FAILED = "Failed to upload video";

/** The message to show for an upload's answer: the server's words when it gave some. */
export function uploadMessage(status: number, body: string): string | null {
  if (status >= 200 && status < 300) return null;
  try {
    const json = JSON.parse(body) as { message?: unknown; errors?: Record<string, string[]> };
    const field = json.errors && Object.values(json.errors)[0]?.[0];
    if (typeof field === "string" && field) return field;
    if (typeof json.message === "string" && json.message) return json.message;
  } catch {
    // Not our envelope (a proxy's error page): the spec's words.
  }
  return UPLOAD_FAILED;
}

export function VideoUpload({ propertyId, refused }: { propertyId: number; refused?: string }) {
  const { t } = useTranslation();
  const address = useAddress();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(refused ?? null);
  // Read synchronously: a second press can come before the page has drawn its busy button.
  const inFlight = useRef(false);
  // The editor's own address: without scripts a refusal comes back on this field like any other form's.
  const action = `${address(`/user/tours/${propertyId}`)}?upload=video`;
  const endpoint = address(`/user/tours/${propertyId}/video`);

  function submit(e: FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    const input = form.elements.namedItem("video") as HTMLInputElement | null;
    if (!input?.files?.length) return; // the browser's own "required" message
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setProgress(0);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (ev) =>
      ev.lengthComputable && setProgress(Math.round((ev.loaded / ev.total) * 100));
    xhr.onload = () => {
      inFlight.current = false;
      setProgress(null);
      const message = uploadMessage(xhr.status, xhr.responseText);
      if (message) setError(message);
      else {
        form.reset();
        void revalidator.revalidate();
      }
    };
    xhr.onerror = () => {
      inFlight.current = false;
      setProgress(null);
      setError(UPLOAD_FAILED);
    };
    xhr.send(new FormData(form));
  }

  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="owner-form tour-editor__upload"
      onSubmit={submit}
    >
      <div className="field" data-invalid={error ? true : undefined}>
        <label htmlFor="tour-video">{t("Video file")}</label>
        <input
          id="tour-video"
          name="video"
          type="file"
          accept="video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm"
          required
          aria-describedby="tour-video-error"
        />
        <div id="tour-video-error" className="field__errors" aria-live="polite">
          {error ? <p>{t(error)}</p> : null}
        </div>
      </div>
      {progress !== null ? (
        <p className="tour-editor__progress">
          <label htmlFor="tour-video-progress">{t("Uploading… {{percent}}%", { percent: progress })}</label>
          <progress id="tour-video-progress" max={100} value={progress} />
        </p>
      ) : null}
      <SubmitButton className="button" pending={progress !== null}>
        {t("Upload the video")}
      </SubmitButton>
    </form>
  );
}
