// Agent verification (spec §4: initial → pending → success or failed, and failed → pending again).
// The questions are rows of verification_fields, so answers are checked here, question by question,
// against what each one asks for. An application, its answers and the person's status change in one
// transaction; its files are written first and removed again if that transaction fails.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database, Executor, Tx } from "../../db/client.server";
import { users, verificationApplications, verificationFields, verificationValues } from "../../db/schema";
import type { FileStorage } from "../../media/storage.server";
import { ApiError, notFound } from "../envelope";
import { localize } from "../i18n";
import { notify } from "../notifications/service";
import { documentName, sniff } from "../uploads.server";
import {
  TEXTAREA_MAX,
  TEXT_MAX,
  VERIFICATION_FILE_MAX_BYTES,
  VERIFICATION_MESSAGES as M,
  decisionSchema,
  fieldKey,
  type AnswerInput,
  type Decision,
} from "./schema";

type FieldRow = typeof verificationFields.$inferSelect;
export type VerificationStatus = (typeof users.$inferSelect)["verification_status"];

/** Where the applicant reads the outcome (a page of the site). */
export const VERIFICATION_PAGE = "/user/verification";

const FILE_TYPES = { pdf: "application/pdf", jpeg: "image/jpeg", png: "image/png" } as const;
const EXTENSIONS = { pdf: "pdf", jpeg: "jpg", png: "png" } as const;

/** The address of an answer's file in the API (bearer token; only the applicant, or an admin). */
export const verificationFileUrl = (valueId: number) => `/api/agent-verification-file/${valueId}`;

function present(f: FieldRow, lang: string) {
  return {
    id: f.id,
    name: localize(f.translations, lang, "name", f.name),
    field_type: f.field_type,
    is_required: f.is_required,
    rank: f.rank,
    // The value is what is sent back and stored; the label is what the person reads.
    options: f.options.map((o) => ({ value: o.value, label: o.translations?.[lang] || o.value })),
  };
}

export type VerificationField = ReturnType<typeof present>;

/** The questions of the form now, in order, in the reader's language. */
export async function activeFields(db: Executor, lang: string): Promise<VerificationField[]> {
  const rows = await db
    .select()
    .from(verificationFields)
    .where(eq(verificationFields.status, true))
    .orderBy(asc(verificationFields.rank), asc(verificationFields.id));
  return rows.map((f) => present(f, lang));
}

async function statusOf(db: Executor, userId: number): Promise<VerificationStatus> {
  const [u] = await db
    .select({ status: users.verification_status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) throw notFound("User not found");
  return u.status;
}

/** Why this person may not apply now, or nothing: one application at a time, none once verified. */
function refuseUnlessOpen(status: VerificationStatus) {
  if (status === "pending") throw new ApiError(409, M.pending);
  if (status === "success") throw new ApiError(409, M.verified);
}

const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;
/** An empty file input of a form arrives as a nameless empty file: nothing was chosen. */
const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.length === 0) ||
  (isFile(v) && v.size === 0);

/** A checkbox answer: a list, a JSON list, or one choice (or several, comma-separated). */
function choicesOf(v: unknown, options: Set<string>): string[] | null {
  if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter(Boolean);
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (s.startsWith("[")) {
    try {
      const list = JSON.parse(s);
      return Array.isArray(list) ? list.map((x) => String(x).trim()).filter(Boolean) : null;
    } catch {
      return null;
    }
  }
  return options.has(s)
    ? [s]
    : s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
}

interface StoredAnswer {
  field_id: number;
  value: string | null;
  file_key: string | null;
  file_name: string | null;
}

interface PendingFile {
  key: string;
  body: Buffer;
  contentType: string;
}

const token = () => randomBytes(12).toString("hex");

/**
 * Every answer checked against its question; messages keyed like the form's inputs (field_<id>).
 * A file question left empty keeps the file of the previous application, if there was one.
 */
async function checkAnswers(
  userId: number,
  fields: FieldRow[],
  answers: AnswerInput[],
  previous: Map<number, StoredAnswer>,
) {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const rows: StoredAnswer[] = [];
  const files: PendingFile[] = [];

  // Several entries for one question (a checkbox sent one choice at a time) make one list.
  const given = new Map<number, unknown>();
  for (const a of answers) {
    if (isBlank(a.value)) {
      if (!given.has(a.id)) given.set(a.id, undefined);
      continue;
    }
    const had = given.get(a.id);
    given.set(a.id, had === undefined ? a.value : ([] as unknown[]).concat(had, a.value));
  }
  const known = new Set(fields.map((f) => f.id));
  for (const id of given.keys()) if (!known.has(id)) add("form_fields", M.unknownField);

  for (const f of fields) {
    const key = fieldKey(f.id);
    const v = given.get(f.id);
    if (f.field_type === "file") {
      if (v === undefined) {
        const kept = previous.get(f.id);
        if (kept?.file_key)
          rows.push({ field_id: f.id, value: null, file_key: kept.file_key, file_name: kept.file_name });
        else if (f.is_required) add(key, M.required);
        continue;
      }
      if (!isFile(v)) {
        add(key, M.notAFile);
        continue;
      }
      if (v.size > VERIFICATION_FILE_MAX_BYTES) {
        add(key, M.fileBytes);
        continue;
      }
      const body = Buffer.from(await v.arrayBuffer());
      const kind = sniff(body);
      if (!kind) {
        add(key, M.fileType);
        continue;
      }
      // Identity documents: kept as sent (the reviewer needs the original), never publicly served.
      const fileKey = `private/verification/${userId}/${token()}.${EXTENSIONS[kind]}`;
      files.push({ key: fileKey, body, contentType: FILE_TYPES[kind] });
      rows.push({
        field_id: f.id,
        value: null,
        file_key: fileKey,
        file_name: v.name.trim() ? documentName(v.name) : `document.${EXTENSIONS[kind]}`,
      });
      continue;
    }
    if (v === undefined) {
      if (f.is_required) add(key, M.required);
      continue;
    }
    if (isFile(v)) {
      add(key, M.invalid);
      continue;
    }
    const options = new Set(f.options.map((o) => o.value));
    if (f.field_type === "checkbox") {
      const chosen = choicesOf(v, options);
      if (!chosen) add(key, M.invalid);
      else if (chosen.some((c) => !options.has(c))) add(key, M.choice);
      else if (chosen.length === 0) {
        if (f.is_required) add(key, M.required);
      } else
        rows.push({
          field_id: f.id,
          value: JSON.stringify([...new Set(chosen)]),
          file_key: null,
          file_name: null,
        });
      continue;
    }
    if (Array.isArray(v) || typeof v === "boolean") {
      add(key, M.invalid);
      continue;
    }
    const text = String(v).trim();
    switch (f.field_type) {
      case "number": {
        const n = Number(text);
        if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) || !Number.isFinite(n)) add(key, M.number);
        else rows.push({ field_id: f.id, value: String(n), file_key: null, file_name: null });
        break;
      }
      case "radio":
      case "dropdown":
        if (!options.has(text)) add(key, M.choice);
        else rows.push({ field_id: f.id, value: text, file_key: null, file_name: null });
        break;
      default:
        if (text.length > (f.field_type === "textarea" ? TEXTAREA_MAX : TEXT_MAX)) add(key, M.tooLong);
        else rows.push({ field_id: f.id, value: text, file_key: null, file_name: null });
    }
  }
  return { rows, files, errors };
}

async function latestApplication(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(verificationApplications)
    .where(eq(verificationApplications.user_id, userId))
    .orderBy(desc(verificationApplications.id))
    .limit(1);
  return row ?? null;
}

async function answersOf(db: Executor, applicationId: number) {
  return db.select().from(verificationValues).where(eq(verificationValues.application_id, applicationId));
}

/** apply-agent-verification: a new pending application, the person's status pending with it. */
export async function applyForVerification(
  deps: { db: Database; storage: FileStorage },
  userId: number,
  answers: AnswerInput[],
) {
  const { db, storage } = deps;
  refuseUnlessOpen(await statusOf(db, userId));
  const fields = await db
    .select()
    .from(verificationFields)
    .where(eq(verificationFields.status, true))
    .orderBy(asc(verificationFields.rank), asc(verificationFields.id));
  const last = await latestApplication(db, userId);
  const previous = new Map((last ? await answersOf(db, last.id) : []).map((a) => [a.field_id, a]));
  const { rows, files, errors } = await checkAnswers(userId, fields, answers, previous);
  if (Object.keys(errors).length) throw new ApiError(400, Object.values(errors)[0]![0]!, errors);

  const written: string[] = [];
  try {
    for (const f of files) {
      await storage.put(f.key, f.body, f.contentType);
      written.push(f.key);
    }
    return await db.transaction(async (tx) => {
      // Locked and read again: two submissions at once make one application, not two.
      const [u] = await tx
        .select({ status: users.verification_status })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!u) throw notFound("User not found");
      refuseUnlessOpen(u.status);
      const [app] = await tx
        .insert(verificationApplications)
        .values({ user_id: userId, status: "pending" })
        .returning();
      if (rows.length)
        await tx.insert(verificationValues).values(rows.map((r) => ({ ...r, application_id: app!.id })));
      await tx
        .update(users)
        .set({ verification_status: "pending", updated_at: new Date() })
        .where(eq(users.id, userId));
      return { id: app!.id, status: app!.status };
    });
  } catch (error) {
    await Promise.all(written.map((k) => storage.delete(k).catch(() => {})));
    throw error;
  }
}

/** get-agent-verification-form-values: the person's status and their latest answers. */
export async function formValues(db: Executor, userId: number, lang: string) {
  const status = await statusOf(db, userId);
  const app = await latestApplication(db, userId);
  if (!app)
    return {
      status,
      reason: null,
      application_id: null,
      submitted_at: null,
      decided_at: null,
      form_fields: [],
    };
  return {
    status,
    reason: app.reason,
    application_id: app.id,
    submitted_at: app.created_at.toISOString(),
    decided_at: app.decided_at?.toISOString() ?? null,
    form_fields: await applicationAnswers(db, app.id, lang),
  };
}

/** An application's answers with their questions, in the form's order and the reader's language. */
export async function applicationAnswers(db: Executor, applicationId: number, lang: string) {
  const rows = await db
    .select({ value: verificationValues, field: verificationFields })
    .from(verificationValues)
    .innerJoin(verificationFields, eq(verificationFields.id, verificationValues.field_id))
    .where(eq(verificationValues.application_id, applicationId))
    .orderBy(asc(verificationFields.rank), asc(verificationFields.id));
  return rows.map(({ value: v, field: f }) => {
    const labels = new Map(present(f, lang).options.map((o) => [o.value, o.label]));
    const value = f.field_type === "checkbox" ? (JSON.parse(v.value ?? "[]") as string[]) : v.value;
    return {
      id: f.id,
      name: localize(f.translations, lang, "name", f.name),
      field_type: f.field_type,
      value,
      /** What the person chose, as they read it (radio, dropdown, checkbox). */
      label: Array.isArray(value)
        ? value.map((x) => labels.get(x) ?? x)
        : value !== null && labels.has(value)
          ? labels.get(value)!
          : value,
      file: v.file_key ? { id: v.id, name: v.file_name ?? "document", url: verificationFileUrl(v.id) } : null,
    };
  });
}

/** An answer's file, for its applicant or an admin only; anyone else learns nothing (null → 404). */
export async function verificationFile(
  db: Executor,
  valueId: number,
  reader: { userId: number | null; admin: boolean },
) {
  const [row] = await db
    .select({
      key: verificationValues.file_key,
      name: verificationValues.file_name,
      user_id: verificationApplications.user_id,
    })
    .from(verificationValues)
    .innerJoin(verificationApplications, eq(verificationApplications.id, verificationValues.application_id))
    .where(eq(verificationValues.id, valueId))
    .limit(1);
  if (!row?.key || (!reader.admin && row.user_id !== reader.userId)) return null;
  const ext = row.key.split(".").pop();
  const type = ext === "pdf" ? FILE_TYPES.pdf : ext === "png" ? FILE_TYPES.png : FILE_TYPES.jpeg;
  return { key: row.key, name: row.name ?? `document.${ext}`, type };
}

/**
 * An admin's decision on a pending application: the application, the person's status and their
 * notification change together. A decided application stays decided (a new one is applied for).
 * Takes the console's own transaction (its audit line is written in it), or opens one.
 */
export async function decideVerification(db: Database | Tx, applicationId: number, decision: Decision) {
  const d = decisionSchema.parse(decision);
  return db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(verificationApplications)
      .where(eq(verificationApplications.id, applicationId))
      .for("update");
    if (!app) throw notFound("Application not found");
    if (app.status !== "pending") throw new ApiError(409, "This application has already been decided");
    const now = new Date();
    const [row] = await tx
      .update(verificationApplications)
      .set({
        status: d.status,
        reason: d.status === "failed" ? (d.reason ?? null) : null,
        decided_by: d.adminId ?? null,
        decided_at: now,
        updated_at: now,
      })
      .where(
        and(eq(verificationApplications.id, applicationId), eq(verificationApplications.status, "pending")),
      )
      .returning();
    await tx
      .update(users)
      .set({ verification_status: d.status, updated_at: now })
      .where(eq(users.id, app.user_id));
    await notify(
      tx,
      app.user_id,
      d.status === "success" ? "verification_success" : "verification_failed",
      {},
      VERIFICATION_PAGE,
    );
    return {
      id: row!.id,
      user_id: row!.user_id,
      status: row!.status,
      reason: row!.reason,
      decided_at: now.toISOString(),
    };
  });
}
