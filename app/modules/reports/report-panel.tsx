// Report or block a person or the team: the report form (or that it was sent) and the block or
// unblock form. The same panel is the report page (plain forms) and, with JavaScript, the dialog a
// profile or a conversation opens (forms sent in place).
import type { FetcherWithComponents } from "react-router";
import { useTranslation } from "~/lib/translate";
import { Form, SubmitButton } from "~/components/submit-form";
import { ReportForm, type ReportRefusal } from "./report-form";
import type { ReportPageData } from "./report-page.server";

type Fetcher = FetcherWithComponents<unknown>;

export function ReportPanel({
  d,
  refused,
  inPlace,
}: {
  d: ReportPageData;
  refused: ReportRefusal | null;
  /** In a dialog: where the forms post and the fetchers that send them. */
  inPlace?: { action: string; report: Fetcher; block: Fetcher };
}) {
  const { t } = useTranslation();
  if (d.self) return <p className="notice">{t("You cannot report yourself")}</p>;
  return (
    <>
      <section aria-labelledby="report-person-h" className="report-panel__part">
        <h2 id="report-person-h">{t("Report")}</h2>
        {d.reported ? (
          <p className="notice" role="status">
            {d.person ? t("You reported this person.") : t("You reported the marketplace team.")}
          </p>
        ) : (
          <>
            <p>
              {t(
                "The marketplace team reads every report. The person you report is not told who reported them.",
              )}
            </p>
            <ReportForm
              target={d.target}
              reasons={d.reasons}
              refused={refused}
              legend={t("What is wrong?")}
              action={inPlace?.action}
              fetcher={inPlace?.report}
              idPrefix={inPlace ? "report-dialog" : "report"}
              inPlace={Boolean(inPlace)}
            />
          </>
        )}
      </section>
      <BlockForm d={d} inPlace={inPlace && { action: inPlace.action, fetcher: inPlace.block }} />
    </>
  );
}

/** Block (with an optional reason) or unblock: messages stop both ways (spec block-user, unblock-user). */
function BlockForm({ d, inPlace }: { d: ReportPageData; inPlace?: { action: string; fetcher: Fetcher } }) {
  const { t } = useTranslation();
  const hidden = (
    <>
      {Object.entries(d.target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value === true ? "1" : String(value)} />
      ))}
      {inPlace ? <input type="hidden" name="reply" value="data" /> : null}
    </>
  );
  const reasonId = inPlace ? "block-dialog-reason" : "block-reason";
  return (
    <section aria-labelledby="block-person-h" className="report-panel__part">
      <h2 id="block-person-h">{t("Block")}</h2>
      {d.blocked ? (
        <Form method="post" action={inPlace?.action} fetcher={inPlace?.fetcher} className="report__form">
          <p className="notice" role="status" dir="auto">
            {t("You have blocked {{name}}.", { name: d.name })}
          </p>
          <input type="hidden" name="intent" value="unblock" />
          {hidden}
          <SubmitButton className="button button--ghost button--small">
            {t("Unblock {{name}}", { name: d.name })}
          </SubmitButton>
        </Form>
      ) : (
        <Form method="post" action={inPlace?.action} fetcher={inPlace?.fetcher} className="report__form">
          <p>
            {d.person
              ? t(
                  "Neither of you can send the other messages while the block lasts. You can lift it at any time.",
                )
              : t("The team's messages and notices stop while the block lasts. You can lift it at any time.")}
          </p>
          <input type="hidden" name="intent" value="block" />
          {hidden}
          <label htmlFor={reasonId}>{t("Why (optional)")}</label>
          <textarea id={reasonId} name="reason" rows={2} maxLength={500} dir="auto" />
          <SubmitButton className="button button--danger button--small">
            {t("Block {{name}}", { name: d.name })}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
