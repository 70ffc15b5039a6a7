// A listing on one sheet of A4 (decision 047): its main photo, price and key facts, a picture of
// its place, who to contact, and a QR code back to the listing. The page is its own address
// (`…/print`), so it prints the same with or without JavaScript; on screen it shows the sheet as it
// will print, with a way back and, once scripts run, a Print button.
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { VerifiedBadge } from "~/components/verified-badge";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { unpackImage, type PageImage } from "~/lib/page-image";
import { fullSize } from "../gallery-data";
import type { QrCode } from "./qr.server";
import type { Revealed } from "~/modules/leads/reveal.server";
import "~/styles/print.css";

export interface PrintSheetProps {
  title: string;
  place: string;
  /** The cover photo; none for a listing without photos. */
  photo: PageImage | null;
  /** "For sale", "Featured", a project's type… already in the page's language. */
  badges: string[];
  /** The price as the listing page shows it (a project has none). */
  price?: ReactNode;
  facts: { label: string; value: string }[];
  /** The API's static map of the place (an image, never the interactive map); none without coordinates. */
  map: string | null;
  /** The owner, agent or developer, and their details. */
  contact: ReactNode;
  /** The listing's address and its code. */
  qr: Pick<QrCode, "payload" | "size" | "path">;
  /** The listing's page, in the page's language. */
  back: string;
}

/** Modules of blank space around the code, as the QR standard asks, so a phone finds its edges. */
const QUIET = 4;

export function PrintSheet({
  title,
  place,
  photo,
  badges,
  price,
  facts,
  map,
  contact,
  qr,
  back,
}: PrintSheetProps) {
  const { t } = useTranslation();
  const { settings } = useRoot();
  const cover = photo ? unpackImage(photo) : null;
  const big = cover ? fullSize(cover) : null;
  const side = qr.size + QUIET * 2;
  return (
    <>
      <nav className="print-tools" aria-label={t("Print")}>
        <Link to={back}>{t("Back to the listing")}</Link>
        <PrintButton />
      </nav>
      <article className="print-sheet" aria-labelledby="print-title">
        <header className="print-sheet__head">
          <p className="print-sheet__brand">{settings.company_name}</p>
          <h1 id="print-title" dir="auto">
            {title}
          </h1>
          <p className="print-sheet__place" dir="auto">
            {place}
          </p>
        </header>

        {cover && big ? (
          // The largest size, loaded at once: the sheet is for paper, and a printer waits for nothing.
          <img
            className="print-sheet__photo"
            src={big.url}
            width={big.width}
            height={big.height}
            alt={title}
            style={cover.dominant ? { backgroundColor: cover.dominant } : undefined}
          />
        ) : null}

        <section className="print-sheet__summary" aria-label={t("Details")}>
          {price ? <p className="print-sheet__price">{price}</p> : null}
          {badges.length ? (
            <p className="print-sheet__badges">
              {badges.map((b) => (
                <span key={b} className="badge badge--muted">
                  {b}
                </span>
              ))}
            </p>
          ) : null}
          {facts.length ? (
            <dl className="print-sheet__facts">
              {facts.map((f, i) => (
                <div key={i}>
                  <dt>{f.label}</dt>
                  <dd dir="auto">{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>

        <div className="print-sheet__bottom">
          {map ? (
            <figure className="print-sheet__map">
              <img src={map} width={640} height={320} alt={t("{{title}} on the map", { title })} />
              <figcaption>{t("Location")}</figcaption>
            </figure>
          ) : null}
          <section className="print-sheet__contact" aria-labelledby="print-contact-h">
            <h2 id="print-contact-h">{t("Contact")}</h2>
            {contact}
          </section>
          <figure className="print-sheet__qr">
            <svg
              viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`}
              role="img"
              aria-label={t("QR code of this listing's address")}
              shapeRendering="crispEdges"
            >
              <rect x={-QUIET} y={-QUIET} width={side} height={side} className="print-sheet__qr-light" />
              <path d={qr.path} className="print-sheet__qr-dark" />
            </svg>
            <figcaption>{t("Scan to open this listing")}</figcaption>
          </figure>
        </div>

        <p className="print-sheet__url">
          <bdi dir="ltr">{qr.payload}</bdi>
        </p>
      </article>
    </>
  );
}

/**
 * The browser's print dialog, once scripts run (decision 011: a control that needs JavaScript
 * appears with it). Before that, and without JavaScript, the page says how to print it.
 */
function PrintButton() {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready)
    return <p className="print-tools__hint">{t("Use your browser's Print command to print this sheet.")}</p>;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      {t("Print")}
    </button>
  );
}

/**
 * Who to contact: their role and name, and the details the viewer may see (the contact buttons on
 * screen, decision 023). On paper, buttons not pressed are left out; when no detail was shown, the
 * sheet says where to ask for it instead.
 */
export function PrintContact({
  role,
  name,
  verified,
  children,
}: {
  role: string;
  name: string;
  verified: boolean;
  /** The contact buttons, or nothing (a premium listing's contact is for members). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="print-sheet__who">
        <span className="print-sheet__role">{role}</span> <strong dir="auto">{name}</strong>
        {verified ? <VerifiedBadge /> : null}
      </p>
      {children}
      <p className="print-sheet__ask">
        {t("For the phone number and email, open the listing: scan the code.")}
      </p>
    </>
  );
}

/**
 * The listing page's way to its sheet. Contact details the page already shows come along
 * (`?reveal=`, decision 023: the same day's repeat, counted once).
 */
export function PrintLink({ to, revealed }: { to: string; revealed?: Revealed }) {
  const { t } = useTranslation();
  const kinds = Object.keys(revealed ?? {});
  return (
    <p className="print-link">
      <Link to={kinds.length ? `${to}?reveal=${kinds.join(",")}` : to}>{t("Print this listing")}</Link>
    </p>
  );
}
