// Who sees an owner's phone and email in an answer, and how a revealed detail becomes a link
// (decision 023). No database code: listing, project and profile answers all shape contacts here.
import type { ContactKind } from "./schema";

/**
 * Who may see an owner's phone and email in an answer without asking: the owner, and admins.
 * Everyone else gets null there and asks reveal-contact.
 */
export function seesContact(
  ownerId: number,
  viewer: { id?: number | null; admin?: boolean } | null | undefined,
): boolean {
  return Boolean(viewer && (viewer.admin || (viewer.id != null && viewer.id === ownerId)));
}

/** The public shape of a person's contact: the values only for those who see them, and what there is to ask for. */
export function contactFields(
  owner: { id: number; mobile: string | null; email: string | null },
  viewer: { id?: number | null; admin?: boolean } | null | undefined,
) {
  const shown = seesContact(owner.id, viewer);
  return {
    mobile: shown ? owner.mobile : null,
    email: shown ? owner.email : null,
    has_mobile: Boolean(owner.mobile?.trim()),
    has_email: Boolean(owner.email?.trim()),
  };
}

/** WhatsApp wants the number in international form, digits only (`+971 50…` → `97150…`). */
export function whatsappDigits(mobile: string): string {
  return mobile.replace(/\D/g, "").replace(/^00/, "");
}

export function contactHref(kind: ContactKind, value: string): string {
  if (kind === "email") return `mailto:${value}`;
  if (kind === "whatsapp") return `https://wa.me/${whatsappDigits(value)}`;
  return `tel:${value.replace(/[^\d+]/g, "")}`;
}
