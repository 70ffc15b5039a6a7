// Sending a listing form once JavaScript runs. XMLHttpRequest, because fetch cannot report how much
// of a request body has gone up, and photos take a while on a phone. The endpoint answers JSON:
// where to go next, or the form's errors, so the page (and what was typed) stays on a refusal.
import { useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/lib/translate";
import { stripLocale } from "~/lib/i18n";

type Result = SubmissionResult<string[]>;

const FAILED: Result = {
  status: "error",
  error: { "": ["Oops! Something went wrong. Please try again later"] },
};

export function useUpload(url: string) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Read synchronously: a second press can come before the page has drawn its busy button.
  const inFlight = useRef(false);

  function send(body: FormData) {
    if (inFlight.current) return;
    inFlight.current = true;
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      setProgress(null);
      const answer = xhr.response as { redirectTo?: string; result?: Result } | null;
      // Saved: the page moves on, and the form stays spent until it has.
      if (answer?.redirectTo) {
        setLeaving(true);
        // The server names the whole address ("/ar/…"); the router, the path under the language.
        return void navigate(stripLocale(answer.redirectTo));
      }
      inFlight.current = false;
      // A fresh object each time, so the form shows the messages again even when they are the same.
      setResult({ ...(answer?.result ?? FAILED) });
    };
    xhr.onerror = () => {
      inFlight.current = false;
      setProgress(null);
      setResult({ ...FAILED });
    };
    setProgress(0);
    xhr.send(body);
  }

  return {
    /** Percent sent, or null when nothing is being sent. */
    progress,
    /** The endpoint's refusal, for the form's `lastResult`. */
    result,
    send,
    busy: progress !== null || leaving || navigation.state === "submitting",
  };
}

export function UploadProgress({ progress }: { progress: number | null }) {
  const { t } = useTranslation();
  if (progress === null) return null;
  // Everything sent: the server now makes each photo's sizes, which takes seconds for a full
  // gallery. An indeterminate bar says "working", not "stuck at 100%".
  if (progress >= 100) {
    return (
      <div className="upload-progress" role="status">
        <progress aria-label={t("Preparing your photos…")} />
        <span>{t("Preparing your photos…")}</span>
      </div>
    );
  }
  return (
    <div className="upload-progress">
      <progress max={100} value={progress} aria-label={t("Uploading")} />
      <span>{t("Uploading… {{percent}}%", { percent: progress })}</span>
    </div>
  );
}
