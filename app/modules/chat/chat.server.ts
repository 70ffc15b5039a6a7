// The chat page's forms, on the server: send (text, a file, a voice message), delete one's own
// message, block or unblock the other person. Success goes back to the conversation; a refusal comes
// back to the form with the typed text kept.
import { data } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { api } from "~/lib/api.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { formId, requireViewer } from "~/modules/listings/owner.server";

export type ChatActionResult =
  | { ok?: undefined; error: string; errors?: Record<string, string[]>; message?: string }
  | { ok: true; message_id: number };

export const conversationPath = (locale: Locale, userId: number, propertyId: number) =>
  `${localizePath(locale, "/user/chat")}?user_id=${userId}&property_id=${propertyId}`;

/** A file input left empty arrives as an empty, nameless file: that is no file. */
function fileOf(value: FormDataEntryValue | null): File | undefined {
  return value instanceof File && value.size > 0 ? value : undefined;
}

export async function chatAction(request: Request, locale: Locale) {
  await requireViewer(request, locale);
  const form = await request.formData();
  const other = formId(form.get("receiver_id"));
  const property = formId(form.get("property_id"));
  if (!other || !property)
    return data<ChatActionResult>({ error: "This conversation is not available" }, { status: 400 });
  const back = conversationPath(locale, other, property);
  const opts = { request, locale };
  const refused = (res: { message: string; errors?: Record<string, string[]> }, message?: string) =>
    data<ChatActionResult>({ error: res.message, errors: res.errors, message }, { status: 400 });

  switch (form.get("intent")) {
    case "delete": {
      const res = await api("delete_chat_message", { message_id: formId(form.get("message_id")) ?? 0 }, opts);
      if (res.error) return refused(res);
      return redirect(back);
    }
    case "block":
    case "unblock": {
      const res = await api(
        form.get("intent") === "block" ? "block-user" : "unblock-user",
        { to_user_id: other },
        opts,
      );
      return redirectWithToast(back, { type: res.error ? "error" : "success", message: res.message });
    }
    default: {
      const message = String(form.get("message") ?? "");
      const res = await api(
        "send_message",
        {
          receiver_id: other,
          property_id: property,
          message,
          file: fileOf(form.get("file")),
          audio: fileOf(form.get("audio")),
        },
        opts,
      );
      if (res.error) return refused(res, message);
      // The live page sends in place and only needs to know it went; a plain form comes back to the page.
      if (form.get("reply") === "data") return { ok: true as const, message_id: res.data.message_id };
      return redirect(`${back}#latest`);
    }
  }
}
