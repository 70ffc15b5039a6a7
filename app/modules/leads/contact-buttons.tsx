// "Show phone", "WhatsApp" and "Email" (decision 023). Each is a form posted to the page itself:
// without JavaScript the page comes back showing the detail; once React runs, the same form is sent
// in the background and the detail replaces its button in place. Someone not signed in is sent to
// sign in first and comes back with the detail shown.
import { useActionData, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { useHydrated } from "~/components/map/lazy";
import { contactHref } from "~server/api/leads/contract";
import type { RevealState } from "./reveal.server";

type Kind = "phone" | "whatsapp" | "email";
type Shown = { value: string; href: string };
type RevealAnswer = { reveal: { kind: Kind | null; revealed: Shown | null; error: string | null } };

export interface ContactButtonsProps {
  /** The hidden fields naming what is asked about: `{ property_id: 12 }`, `{ project_id: 3 }` or `{ user_id: 7 }`. */
  target: Record<string, number>;
  /** What the owner gave: a phone number (phone and WhatsApp) and an email address. */
  has: { mobile: boolean; email: boolean };
  /** Details the caller sees already (their own listing, or an admin). */
  known: { mobile: string | null; email: string | null };
  /** Details the page's loader revealed (`?reveal=`), and a refusal. */
  state: RevealState;
  /** The listing's or person's name: the email's subject and WhatsApp's first words. */
  subject: string;
  /** The page's full address, for the WhatsApp message. */
  pageUrl: string;
}

const ORDER: Kind[] = ["phone", "whatsapp", "email"];

/** A page's `shouldRevalidate`: a detail shown in place (sent in the background) changes nothing else on the page. */
export function keepPageOnReveal({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "reveal" ? false : defaultShouldRevalidate;
}

function isAnswer(value: unknown): value is RevealAnswer {
  return typeof value === "object" && value !== null && "reveal" in value;
}

export function ContactButtons({ target, has, known, state, subject, pageUrl }: ContactButtonsProps) {
  const { t } = useTranslation();
  const posted = useActionData();
  const answer = isAnswer(posted) ? posted.reveal : null;
  const kinds = ORDER.filter((k) => (k === "email" ? has.email : has.mobile));
  if (!kinds.length) return null;
  const knownOf = (kind: Kind): Shown | null => {
    const value = kind === "email" ? known.email : known.mobile;
    return value ? { value, href: contactHref(kind, value) } : null;
  };
  const revealedAlready = ORDER.filter((k) => state.revealed[k]);
  return (
    <div id="contact" className="contact-buttons">
      {kinds.map((kind) => (
        <RevealButton
          key={kind}
          kind={kind}
          target={target}
          shown={knownOf(kind) ?? state.revealed[kind] ?? (answer?.kind === kind ? answer.revealed : null)}
          alreadyShown={revealedAlready}
          subject={subject}
          pageUrl={pageUrl}
        />
      ))}
      {state.error ? (
        <p className="form-error" role="alert">
          {t(state.error.message)}
        </p>
      ) : answer?.error ? (
        <p className="form-error" role="alert">
          {t(answer.error)}
        </p>
      ) : null}
    </div>
  );
}

function RevealButton({
  kind,
  target,
  shown,
  alreadyShown,
  subject,
  pageUrl,
}: {
  kind: Kind;
  target: Record<string, number>;
  shown: Shown | null;
  alreadyShown: Kind[];
  subject: string;
  pageUrl: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<RevealAnswer>();
  const result = shown ?? fetcher.data?.reveal.revealed ?? null;
  const refused = fetcher.data?.reveal.error;
  if (result) return <ContactLink kind={kind} shown={result} subject={subject} pageUrl={pageUrl} />;
  const label = kind === "phone" ? t("Show phone") : kind === "whatsapp" ? t("WhatsApp") : t("Email");
  return (
    <Form fetcher={fetcher} method="post" className="contact-buttons__form">
      <input type="hidden" name="intent" value="reveal" />
      <input type="hidden" name="kind" value={kind} />
      {Object.entries(target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {alreadyShown.map((k) => (
        <input key={k} type="hidden" name="shown" value={k} />
      ))}
      {hydrated ? <input type="hidden" name="_background" value="1" /> : null}
      <SubmitButton className={kind === "phone" ? "button" : "button button--ghost"}>{label}</SubmitButton>
      {refused ? (
        <p className="form-error" role="alert">
          {t(refused)}
        </p>
      ) : null}
    </Form>
  );
}

function ContactLink({
  kind,
  shown,
  subject,
  pageUrl,
}: {
  kind: Kind;
  shown: Shown;
  subject: string;
  pageUrl: string;
}) {
  const { t } = useTranslation();
  if (kind === "phone") {
    return (
      <a className="button" href={shown.href}>
        {t("Call")} <bdi dir="ltr">{shown.value}</bdi>
      </a>
    );
  }
  if (kind === "whatsapp") {
    const text = t("Hello, I am interested in “{{title}}”: {{url}}", { title: subject, url: pageUrl });
    return (
      <a
        className="button button--ghost"
        href={`${shown.href}?text=${encodeURIComponent(text)}`}
        rel="noopener noreferrer"
        target="_blank"
      >
        {t("WhatsApp")} <bdi dir="ltr">{shown.value}</bdi>
      </a>
    );
  }
  return (
    <a
      className="button button--ghost contact-buttons__email"
      href={`${shown.href}?subject=${encodeURIComponent(subject)}`}
    >
      {t("Email")} <bdi dir="ltr">{shown.value}</bdi>
    </a>
  );
}
