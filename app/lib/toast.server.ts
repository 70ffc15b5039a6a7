// Toasts that survive a redirect: a short-lived cookie read (and cleared) by the root loader.
import { createCookie } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { env } from "~server/runtime/env.server";

export interface Toast {
  type: "success" | "error";
  message: string;
  /** Also shown in the page without JavaScript (there are no toasts then): for news a person must not miss. */
  notice?: boolean;
}

// Signed: a message that the site shows in its own voice must come from the site.
const toastCookie = createCookie("toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
  secrets: [env().SESSION_SECRET],
});

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

export async function redirectWithToast(url: string, toast: Toast, extraCookies: string[] = []) {
  const headers = new Headers();
  for (const c of extraCookies) headers.append("set-cookie", c);
  headers.append("set-cookie", await toastHeader(toast));
  return redirect(url, { headers });
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const value = (await toastCookie.parse(request.headers.get("cookie"))) as Toast | null;
  if (!value || typeof value.message !== "string") return { toast: null, clear: null };
  return { toast: value, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
