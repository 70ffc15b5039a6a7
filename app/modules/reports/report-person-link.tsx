// "Report or block" on a person's profile and in a conversation, and for the marketplace team on the
// notifications page (where the team's messages arrive). One link for everyone: without
// JavaScript it leads to the report page (and to sign in first, for a visitor); with it, the same
// page's forms open in a dialog over the profile or the conversation, sent in place.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "~/lib/translate";
import { showToast } from "~/components/toasts";
import { ReportPanel } from "./report-panel";
import type { ReportRefusal } from "./report-form";
import type { ReportPageData, ReportPageReply } from "./report-page.server";
import "~/styles/reports.css";

/** The report page's address for a person, coming back to `back` (a path without the language). */
export const reportPersonPath = (userId: number | "team", back: string) =>
  `/user/report?${userId === "team" ? "to_admin=1" : `to_user_id=${userId}`}&back=${encodeURIComponent(back)}`;

type ReportAnswer = ReportPageReply | { report: ReportRefusal };

export function ReportPersonLink({
  userId,
  name,
  back,
  className = "button button--ghost button--small",
}: {
  /** A person's id, or the marketplace team. */
  userId: number | "team";
  name: string;
  back: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const path = reportPersonPath(userId, back);
  const dialog = useRef<HTMLDialogElement>(null);
  const page = useFetcher<ReportPageData>();
  const report = useFetcher<ReportAnswer>();
  const block = useFetcher<ReportAnswer>();
  const [opened, setOpened] = useState(false);
  const headingId = `report-dialog-${userId}`;

  // A form that went: tell the person, and read the page again (reported, blocked).
  const load = page.load;
  useEffect(() => {
    for (const f of [report, block]) {
      if (f.state === "idle" && f.data && "ok" in f.data) {
        showToast(f.data.ok ? "success" : "error", t(f.data.message));
      }
    }
    // Only when an answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report.data, block.data]);
  useEffect(() => {
    if (opened && ((report.data && "ok" in report.data) || (block.data && "ok" in block.data)))
      void load(path);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report.data, block.data]);

  const refused = report.data && "report" in report.data ? report.data.report : null;
  return (
    <>
      <Link
        reloadDocument
        to={path}
        className={className}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          // Before the page is alive the link simply leads to the report page.
          if (!dialog.current) return window.location.assign(event.currentTarget.href);
          setOpened(true);
          void load(path);
          dialog.current.showModal();
        }}
      >
        {t("Report or block")}
        <span className="visually-hidden"> {name}</span>
      </Link>
      <dialog ref={dialog} className="confirm-dialog report-dialog" aria-labelledby={headingId}>
        <div className="report-dialog__head">
          <h2 id={headingId} dir="auto">
            {t("Report or block {{name}}", { name })}
          </h2>
          <button type="button" className="link-button" onClick={() => dialog.current?.close()}>
            {t("Close")}
          </button>
        </div>
        {page.data ? (
          <ReportPanel d={page.data} refused={refused} inPlace={{ action: path, report, block }} />
        ) : opened ? (
          <p role="status">{t("Loading…")}</p>
        ) : null}
      </dialog>
    </>
  );
}
