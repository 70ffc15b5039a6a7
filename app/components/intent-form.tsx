// A one-button form for an action on one row (approve, dismiss, withdraw): it names its row to
// screen readers, since a list holds many buttons with the same label.
import type { ReactNode } from "react";
import { Form, SubmitButton } from "~/components/submit-form";

export function IntentForm({
  intent,
  id,
  about,
  className = "button button--small",
  children,
}: {
  intent: string;
  id: number | string;
  about: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton className={className}>
        {children}
        <span className="visually-hidden"> – {about}</span>
      </SubmitButton>
    </Form>
  );
}
