// The page of a new listing's form, either kind: its heading, and the package's refusal in place of
// the form when nothing is left to post with. A post that came back refused shows its form again
// (with what was wrong) even then, so nothing typed is lost.
import type { ReactNode } from "react";
import { GateNotice, type Gate } from "~/components/gate-notice";

export function PostPage({
  heading,
  gate,
  sent,
  children,
}: {
  heading: string;
  gate: Gate | null | undefined;
  /** Whether the form was sent and came back (an action's answer is on the page). */
  sent: boolean;
  children: ReactNode;
}) {
  return (
    <section className="post-page">
      <h1>{heading}</h1>
      {gate && !sent ? <GateNotice gate={gate} /> : children}
    </section>
  );
}
