// The owner's controls, shared by my listings, my projects and the owner's listing page. Every one
// is a plain form or link first; the delete dialog exists only once React runs (see decision 011).
import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { FormErrors } from "~/components/form-errors";
import { gateOfMessage } from "~server/api/packages/contract";

type RequestStatus = "pending" | "approved" | "rejected";
type ListingStatus = "active" | "inactive";
type DealStatus = "available" | "sold" | "rented";

const REQUEST_LABEL: Record<RequestStatus, string> = {
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
};
const DEAL_LABEL: Record<DealStatus, string> = { available: "Available", sold: "Sold", rented: "Rented" };

/** The admin's decision and the owner's switch, side by side and named, never merged into one. */
export function StatusBadges({
  request_status,
  status,
  property_status,
}: {
  request_status: RequestStatus;
  status: ListingStatus;
  property_status?: DealStatus;
}) {
  const { t } = useTranslation();
  return (
    <dl className="status-badges">
      <div>
        <dt>{t("Admin status")}</dt>
        <dd className={`badge badge--${request_status}`}>{t(REQUEST_LABEL[request_status])}</dd>
      </div>
      <div>
        <dt>{t("Listing status")}</dt>
        <dd className={`badge badge--${status}`}>{status === "active" ? t("Active") : t("Inactive")}</dd>
      </div>
      {property_status ? (
        <div>
          <dt>{t("Property status")}</dt>
          <dd className={`badge badge--${property_status}`}>{t(DEAL_LABEL[property_status])}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Why the admin said no, where the owner sees the listing. */
export function RejectReason({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <p className="reject-reason">
      <strong>{t("Reason for rejection")}:</strong> <span dir="auto">{reason}</span>
    </p>
  );
}

/** An action's refusal, and (without JavaScript, where toasts cannot show) what the last one did. */
export function ActionNotice({ result }: { result?: unknown }) {
  const { t } = useTranslation();
  const { toast } = useRoot();
  const refused =
    result && typeof result === "object" && "error" in result
      ? (result as { error: string; reason?: string })
      : null;
  return (
    <>
      {/* A package gate (featuring without a package, say) keeps its OK button to the page that fixes it. */}
      {refused && !refused.reason && gateOfMessage(refused.error) ? (
        <FormErrors id="action-error" errors={[refused.error]} />
      ) : refused ? (
        <p className="form-error" role="alert">
          {t(refused.error)}
          {refused.reason ? <>: {t(refused.reason)}</> : null}
        </p>
      ) : null}
      {toast ? (
        <noscript>
          <p className={toast.type === "error" ? "form-error" : "notice"}>{t(toast.message)}</p>
        </noscript>
      ) : null}
    </>
  );
}

/** One change as one small POST form; `about` names the listing for screen readers. */
function ChangeForm({
  intent,
  id,
  status,
  label,
  about,
  className = "button button--ghost button--small",
}: {
  intent: string;
  id: number;
  status?: string;
  label: string;
  about: string;
  className?: string;
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <SubmitButton className={className}>
        {label}
        <span className="visually-hidden"> – {about}</span>
      </SubmitButton>
    </Form>
  );
}

/** Switch on or off: only once the admin approved the listing. */
export function StatusToggle({
  kind,
  id,
  request_status,
  status,
  title,
}: {
  kind: "property" | "project";
  id: number;
  request_status: RequestStatus;
  status: ListingStatus;
  title: string;
}) {
  const { t } = useTranslation();
  if (request_status !== "approved") return null;
  const intent = kind === "property" ? "status" : "project-status";
  return status === "active" ? (
    <ChangeForm intent={intent} id={id} status="inactive" label={t("Deactivate")} about={title} />
  ) : (
    <ChangeForm
      intent={intent}
      id={id}
      status="active"
      label={t("Activate")}
      about={title}
      className="button button--small"
    />
  );
}

/** Feature a listing the public sees (approved and active) with a unit of a package. */
export function FeatureControl({
  kind,
  id,
  request_status,
  status,
  title,
  label,
  featured,
}: {
  kind: "property" | "project";
  id: number;
  request_status: RequestStatus;
  status: ListingStatus;
  title: string;
  label?: string;
  featured: "live" | "pending" | null;
}) {
  const { t } = useTranslation();
  if (request_status !== "approved" || status !== "active") return null;
  // Already featured or waiting: say so, and lead to the advertisements instead of a second request.
  if (featured) {
    return (
      <Link
        className={`badge badge--${featured === "live" ? "approved" : "pending"}`}
        to="/user/advertisement"
      >
        {featured === "live" ? t("Featured") : t("Feature request pending")}
      </Link>
    );
  }
  return (
    <ChangeForm
      intent={kind === "property" ? "feature" : "project-feature"}
      id={id}
      label={label ?? t("Feature")}
      about={title}
      className="button button--small"
    />
  );
}

/** What the owner's buttons read of a listing of either kind. */
interface OwnedListing {
  id: number;
  title: string;
  request_status: RequestStatus;
  status: ListingStatus;
  featured: "live" | "pending" | null;
}

/** A listing of either kind; a property adds its deal (sold or rented) and its virtual tour. */
export type OwnedListingOf =
  | { kind: "project"; listing: OwnedListing }
  | {
      kind: "property";
      listing: OwnedListing & { property_type: "sell" | "rent"; property_status: DealStatus };
    };

/**
 * The owner's buttons for one listing, in the order every owner page shows them. In a list, each
 * button also names its listing for screen readers; on the listing's own page (`onListingPage`) its
 * heading names it, and featuring has a box of its own that says what it costs.
 */
export function OwnerActions(props: OwnedListingOf & { onListingPage?: boolean }) {
  const { t } = useTranslation();
  const { kind, listing: l, onListingPage = false } = props;
  const about = onListingPage ? null : <span className="visually-hidden"> – {l.title}</span>;
  return (
    <div className="owner-row__actions">
      {onListingPage ? null : (
        <FeatureControl
          kind={kind}
          id={l.id}
          request_status={l.request_status}
          status={l.status}
          title={l.title}
          featured={l.featured}
        />
      )}
      <StatusToggle
        kind={kind}
        id={l.id}
        request_status={l.request_status}
        status={l.status}
        title={l.title}
      />
      {props.kind === "property" ? (
        <DealToggle
          id={l.id}
          property_type={props.listing.property_type}
          property_status={props.listing.property_status}
          title={l.title}
        />
      ) : null}
      <Link to={`/user/edit-${kind}/${l.id}`} className="button button--ghost button--small">
        {t("Edit")}
        {about}
      </Link>
      {props.kind === "property" ? (
        <Link to={`/user/tours/${l.id}`} className="button button--ghost button--small">
          {t("Virtual tour")}
          {about}
        </Link>
      ) : null}
      <DeleteControl kind={kind} id={l.id} title={l.title} />
    </div>
  );
}

/** Sold for a sale, rented for a rental, and back to available. */
export function DealToggle({
  id,
  property_type,
  property_status,
  title,
}: {
  id: number;
  property_type: "sell" | "rent";
  property_status: DealStatus;
  title: string;
}) {
  const { t } = useTranslation();
  if (property_status !== "available")
    return <ChangeForm intent="deal" id={id} status="available" label={t("Mark available")} about={title} />;
  return property_type === "sell" ? (
    <ChangeForm intent="deal" id={id} status="sold" label={t("Mark as sold")} about={title} />
  ) : (
    <ChangeForm intent="deal" id={id} status="rented" label={t("Mark as rented")} about={title} />
  );
}

/**
 * Delete asks first. Without JavaScript a link leads to a confirm step on the page (`?delete=id`);
 * with it, the same question opens in a dialog.
 */
export function DeleteControl({
  kind,
  id,
  title,
}: {
  kind: "property" | "project";
  id: number;
  title: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const qs = new URLSearchParams(location.search);
  qs.set("delete", String(id));
  // One link for everyone: it opens the dialog once the page is alive and leads to the confirm step
  // (a plain page load) before that. Swapping it for a button at hydration would lose a tap that
  // lands in between, and so could a client navigation started while the router is not ready yet.
  return (
    <>
      <Link
        reloadDocument
        to={`${location.pathname}?${qs}`}
        className="button button--ghost button--small button--danger"
        aria-label={t("Delete “{{title}}”", { title })}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          // A tap React replays after hydrating has lost its own navigation already: if the dialog
          // is not there to open, go to the confirm step by hand rather than do nothing.
          if (dialog.current) dialog.current.showModal();
          else window.location.assign(event.currentTarget.href);
        }}
      >
        {t("Delete")}
      </Link>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`delete-${kind}-${id}`}>
        <DeleteQuestion
          kind={kind}
          id={id}
          title={title}
          headingId={`delete-${kind}-${id}`}
          onCancel={() => dialog.current?.close()}
        />
      </dialog>
    </>
  );
}

/** Without JavaScript, a delete link (`?delete=id`) leads here: the same question, on the page itself. */
export function DeleteStep({
  kind,
  id,
  title,
  cancelTo,
}: {
  kind: "property" | "project";
  id: number;
  title: string;
  cancelTo: string;
}) {
  return (
    <div className="confirm-step" role="region" aria-labelledby="confirm-delete">
      <DeleteQuestion kind={kind} id={id} title={title} headingId="confirm-delete" cancelTo={cancelTo} />
    </div>
  );
}

/** "Delete this listing?" with the delete form and a way back. */
export function DeleteQuestion({
  kind,
  id,
  title,
  headingId,
  onCancel,
  cancelTo,
}: {
  kind: "property" | "project";
  id: number;
  title: string;
  headingId: string;
  onCancel?: () => void;
  cancelTo?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="confirm">
      <h2 id={headingId}>{kind === "property" ? t("Delete this property?") : t("Delete this project?")}</h2>
      <p dir="auto">{title}</p>
      <p>{t("This cannot be undone.")}</p>
      <div className="confirm__actions">
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value={kind === "property" ? "delete" : "project-delete"} />
          <input type="hidden" name="id" value={id} />
          <SubmitButton className="button button--danger">{t("Yes, delete")}</SubmitButton>
        </Form>
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t("Cancel")}
          </button>
        ) : (
          <Link to={cancelTo ?? "."} className="button button--ghost">
            {t("Cancel")}
          </Link>
        )}
      </div>
    </div>
  );
}
