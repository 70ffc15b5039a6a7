// The verification page's form and the API: each question's input is named field_<id> (a checkbox
// repeats its name once per choice), and becomes form_fields: [{ id, value }] for
// apply-agent-verification.
import type { CallInput } from "~server/api/calls";
import { api } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";

const FIELD = /^field_(\d{1,9})$/;

/** What was typed or chosen, per question (files are not sent back to the browser). */
export type TypedValues = Record<number, string | string[]>;

export type VerificationRefusal = {
  errors: Record<string, string[]>;
  formErrors: string[];
  values: TypedValues;
};

const isFile = (v: FormDataEntryValue): v is File => typeof v !== "string";

function answersOf(formData: FormData) {
  const byId = new Map<number, FormDataEntryValue[]>();
  formData.forEach((v, k) => {
    const m = FIELD.exec(k);
    if (!m) return;
    const id = Number(m[1]);
    const list = byId.get(id) ?? [];
    // An empty text box or an empty file input means no answer.
    if (isFile(v) ? v.size > 0 : v.trim() !== "") list.push(v);
    byId.set(id, list);
  });
  return byId;
}

/** The API's input: every question on the form, answered or not (the API says which must be). */
export function applyInput(formData: FormData): CallInput<"apply-agent-verification"> {
  const form_fields = [...answersOf(formData).entries()].map(([id, values]) => {
    // One answer as it is (text or a file); several are a checkbox's choices.
    const text = values.filter((v): v is string => !isFile(v));
    const value = values.length === 1 ? values[0] : values.length ? text : undefined;
    return value === undefined ? { id } : { id, value };
  });
  return { form_fields };
}

export function typedValues(formData: FormData): TypedValues {
  const out: TypedValues = {};
  for (const [id, values] of answersOf(formData)) {
    const text = values.filter((v): v is string => typeof v === "string");
    if (text.length) out[id] = text.length > 1 ? text : text[0]!;
  }
  return out;
}

/** Sends the application; a refusal comes back with each message on its question. */
export async function submitVerification(
  request: Request,
  formData: FormData,
  locale: Locale,
): Promise<{ ok: true; message: string } | ({ ok: false } & VerificationRefusal)> {
  const res = await api("apply-agent-verification", applyInput(formData), { request, locale });
  if (!res.error) return { ok: true, message: res.message };
  const errors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [key, messages] of Object.entries(res.errors ?? {})) {
    if (FIELD.test(key)) errors[key] = messages;
    else formErrors.push(...messages);
  }
  if (!res.errors) formErrors.push(res.message);
  return { ok: false, errors, formErrors, values: typedValues(formData) };
}
