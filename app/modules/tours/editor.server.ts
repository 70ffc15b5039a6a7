// The tour editor's forms on the server: each `intent` becomes one API call; a refusal comes back
// to the form that sent it, with the API's messages on its fields and what was typed kept.
import { data } from "react-router";
import { api, apiUpload } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { formId } from "~/modules/listings/owner.server";
import { UPLOAD_FAILED } from "./video-upload";

/** Which form was refused, why (per field), and what it held (so nothing typed is lost). */
export interface EditorRefusal {
  form: string;
  message: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

/** A chosen file, or nothing (a file input left empty still sends an empty part). */
const fileOf = (form: FormData, name: string) => {
  const v = form.get(name);
  return v instanceof File && (v.size > 0 || v.name) ? v : undefined;
};

/** The typed values of the form, files left out (they cannot be put back into a file input). */
function typed(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
  return out;
}

/** The room form's link rows (`links[n][to]`, `links[n][yaw]`), empty rows left out; the API checks the numbers. */
export function linksOf(form: FormData): { to: number; yaw: number }[] {
  const rows = new Map<string, { to?: string; yaw?: string }>();
  for (const [k, v] of form.entries()) {
    const m = /^links\[(\d{1,2})\]\[(to|yaw)\]$/.exec(k);
    if (!m || typeof v !== "string") continue;
    const row = rows.get(m[1]!) ?? {};
    row[m[2] as "to" | "yaw"] = v.trim();
    rows.set(m[1]!, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([, r]) =>
      r.to ? [{ to: r.to as unknown as number, yaw: (r.yaw || "0") as unknown as number }] : [],
    );
}

export async function tourEditorAction(request: Request, locale: Locale, tourId: number, back: string) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const opts = { request, locale };
  const roomId = formId(form.get("room_id"));
  const num = (name: string) => text(form, name) as unknown as number | undefined;
  let res: { error: boolean; message: string; errors?: Record<string, string[]> };
  let formName = intent;
  switch (intent) {
    case "save-tour":
      res = await api(
        "update-virtual-tour",
        {
          id: tourId,
          name: String(form.get("name") ?? ""),
          plan_width_m: num("plan_width_m"),
          ceiling_height: num("ceiling_height"),
          start_room_id: num("start_room_id"),
        },
        opts,
      );
      break;
    case "publish":
    case "withdraw":
      formName = "publish";
      res = await api("update-virtual-tour", { id: tourId, publish: intent === "publish" }, opts);
      break;
    case "floorplan": {
      const file = fileOf(form, "floorplanImage");
      res = file
        ? await api(
            "virtual-tour-floorplan",
            { id: tourId, floorplanImage: file, plan_width_m: num("plan_width_m") },
            opts,
          )
        : {
            error: true,
            message: "Choose a floor plan picture",
            errors: { floorplanImage: ["Choose a floor plan picture"] },
          };
      break;
    }
    case "add-room":
      res = await api(
        "add-tour-room",
        {
          id: tourId,
          name: String(form.get("name") ?? ""),
          kind: (text(form, "kind") ?? "panorama") as "panorama",
          image: fileOf(form, "image"),
          x: num("x"),
          y: num("y"),
          w: num("w"),
          h: num("h"),
        },
        opts,
      );
      break;
    case "save-room":
    case "move-room":
      formName = `room-${roomId}`;
      if (!roomId)
        return data<EditorRefusal>(
          { form: formName, message: "Room not found", errors: {}, values: typed(form) },
          { status: 400 },
        );
      res = await api(
        "update-tour-room",
        {
          id: tourId,
          room_id: roomId,
          name: intent === "save-room" ? String(form.get("name") ?? "") : undefined,
          kind: text(form, "kind") as "panorama" | undefined,
          image: fileOf(form, "image"),
          x: num("x"),
          y: num("y"),
          w: num("w"),
          h: num("h"),
          ...(intent === "save-room" ? { links: linksOf(form), links_set: true } : {}),
        },
        opts,
      );
      break;
    case "delete-room":
      formName = `room-${roomId}`;
      res = roomId
        ? await api("delete-tour-room", { id: tourId, room_id: roomId }, opts)
        : { error: true, message: "Room not found" };
      break;
    case "build-model":
      formName = "model";
      res = await api("create-3d-model", { id: tourId }, opts);
      break;
    default:
      return data<EditorRefusal>(
        { form: "", message: "Unknown action", errors: {}, values: {} },
        { status: 400 },
      );
  }
  if (res.error) {
    return data<EditorRefusal>(
      { form: formName, message: res.message, errors: res.errors ?? {}, values: typed(form) },
      { status: 400 },
    );
  }
  // A room dragged on the plan (scripts on) stays where it is: no page change, no message.
  if (intent === "move-room") return data({ ok: true });
  return redirectWithToast(back, { type: "success", message: res.message });
}

/**
 * The video form: its body goes on to the API as it arrives. Scripts (the progress bar) ask for
 * JSON and get the API's answer; a plain form gets the page back with the message on the field.
 */
export async function videoUploadAction(
  request: Request,
  locale: Locale,
  tourId: number,
  back: string,
  options: { json?: boolean } = {},
) {
  const wantsJson = options.json === true;
  const res = await apiUpload(`virtual-tours/${tourId}/upload-video`, request, { locale });
  const body = (await res.json().catch(() => null)) as {
    error?: boolean;
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (wantsJson)
    return Response.json(body ?? { error: true, message: UPLOAD_FAILED, data: null }, { status: res.status });
  if (res.ok && body && !body.error)
    return redirectWithToast(back, { type: "success", message: body.message ?? "Video uploaded" });
  const message = (body?.errors && Object.values(body.errors)[0]?.[0]) || body?.message || UPLOAD_FAILED;
  return data<EditorRefusal>(
    { form: "video", message, errors: { video: [message] }, values: {} },
    { status: res.status >= 400 && res.status < 600 ? res.status : 400 },
  );
}
