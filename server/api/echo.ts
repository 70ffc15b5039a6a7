// Spec §7: "on success the response is augmented with the request data". A successful answer of a
// call carries `request`: the call's input as it was validated (defaults filled in, values coerced),
// less everything that must not travel back (decision 045).
//
// What may come back is an allow-list: a field is echoed only when its name is on ECHOED. Every field
// of every call is on ECHOED or WITHHELD (echo.test.ts walks each call's schema and fails on a field
// on neither list), so a new field cannot be forgotten: until someone decides, it is left out, and
// the test says where to decide. Whatever the lists say, a name that reads like a secret (a password,
// a token, a code, a key) is never echoed, nor is a file, an object or a row (their size has no bound
// and their parts are not classified), nor a value over ECHO_VALUE_LIMIT.
import { z } from "zod";
import type { AnyCall } from "./call";

type Json = Record<string, unknown>;

/** Fields never sent back, by why. A field on no list is left out too, but fails echo.test.ts. */
export const WITHHELD = {
  password: ["password", "re_password"],
  "a one-time code, a token or a proof of who someone is": [
    "auth_id",
    "fcm_id",
    "firebase_id",
    "form_token",
    "oobCode",
    "otp",
    "recaptcha_token",
    "request_uri",
    "session_id",
    "session_info",
    "token",
  ],
  "a payment gateway's credential, or the bank account payments go to": [
    "bank_transfer_details",
    "flutterwave_public_key",
    "flutterwave_secret_key",
    "flutterwave_webhook_hash",
    "paypal_client_id",
    "paypal_secret",
    "paypal_webhook_id",
    "paystack_public_key",
    "paystack_secret_key",
    "stripe_publishable_key",
    "stripe_secret_key",
    "stripe_webhook_secret",
  ],
  file: [
    "audio",
    "documents",
    "file",
    "floorplanImage",
    "gallery_images",
    "image",
    "meta_image",
    "profile",
    "receipt",
    "three_d_image",
    "title_image",
    "upload",
    "web_placeholder_logo",
  ],
  "rows that carry files or a person's answers": ["form_fields", "parameters", "plans"],
  // Harmless here, but named like a secret: the name alone keeps them out (see looksSecret).
  "named like a secret (a code)": ["code", "currency_code", "language_code"],
} as const satisfies Record<string, readonly string[]>;

/** Fields that may be sent back: what a caller sends about a search, a listing, a profile, a setting. */
export const ECHOED: ReadonlySet<string> = new Set([
  "about_me",
  "accept",
  "action",
  "action_type",
  "active",
  "address",
  "alerts_on",
  "amount",
  "answer",
  "answer_ar",
  "applies_to",
  "auto_approve",
  "bank_transfer_status",
  "batch_id",
  "bbox",
  "blocks_offset",
  "body",
  "body_ar",
  "canceled",
  "category",
  "category_ar",
  "category_id",
  "category_ids",
  "category_slug_id",
  "ceiling_height",
  "city",
  "clear",
  "client_address",
  "company_address",
  "company_email",
  "company_name",
  "company_tel1",
  "continue_path",
  "continue_uri",
  "country",
  "currency_symbol",
  "current_user",
  "customer_id",
  "decision",
  "default_language",
  "demo_mode",
  "description",
  "destination",
  "details",
  "direction",
  "down_payment",
  "email",
  "exclude_id",
  "facebook_id",
  "facilities",
  "facility_ids",
  "feature_for",
  "first_name",
  "frequency",
  "from",
  "fullRoomData",
  "gallery_order",
  "gateway",
  "get_simiilar",
  "h",
  "has_property",
  "id",
  "ids",
  "import_id",
  "instagram_id",
  "interest_rate",
  "is_admin",
  "is_default",
  "is_free",
  "is_photographer",
  "is_premium",
  "kind",
  "last_name",
  "latitude",
  "limit",
  "link",
  "links",
  "links_set",
  "loan_amount",
  "loan_term_years",
  "location",
  "logintype",
  "longitude",
  "max_distance",
  "max_price",
  "message",
  "message_id",
  "meta_description",
  "meta_keywords",
  "meta_title",
  "min_price",
  "mobile",
  "mortgage_calculator_detail",
  "most_liked",
  "name",
  "name_ar",
  "name_in_english",
  "near_lat",
  "near_lng",
  "notification",
  "number",
  "number_with_suffix",
  "offset",
  "once_per_user",
  "options",
  "origin",
  "other_message",
  "outdoor_facilitiy_ids",
  "owner_id",
  "package_id",
  "page",
  "page_query",
  "parameter_filters",
  "parameter_ids",
  "paypal_mode",
  "payment_transaction_id",
  "per_page",
  "photographer_id",
  "photographer_note",
  "plan_width_m",
  "platform_type",
  "posted_since",
  "premium_properties",
  "price",
  "price_range",
  "project_access",
  "project_feature",
  "project_feature_limit",
  "project_id",
  "project_list",
  "project_list_limit",
  "promoted",
  "property_feature",
  "property_feature_limit",
  "property_id",
  "property_list",
  "property_list_limit",
  "property_status",
  "property_type",
  "provider_id",
  "publish",
  "question",
  "question_ar",
  "rating",
  "reason",
  "reason_ar",
  "reason_id",
  "receiver_id",
  "remove_documents",
  "remove_gallery_images",
  "remove_image",
  "remove_plans",
  "remove_three_d_image",
  "rentduration",
  "request_note",
  "request_status",
  "reset_placeholder_logo",
  "retired",
  "review_note",
  "room_id",
  "rtl",
  "search",
  "sections",
  "sequence",
  "short_url",
  "show_all_details",
  "slug_id",
  "sort",
  "start_room_id",
  "starter_package",
  "state",
  "status",
  "subject",
  "summary",
  "summary_ar",
  "svg_clr",
  "target",
  "target_id",
  "target_type",
  "title",
  "title_ar",
  "to",
  "to_admin",
  "to_user_id",
  "top_rated",
  "travelMode",
  "twiiter_id",
  "type",
  "type_of_parameter",
  "unit",
  "url",
  "urls",
  "userId",
  "user_id",
  "userid",
  "users_promoted",
  "validity_days",
  "verification_required_for_user",
  "verification_status",
  "via",
  "video_link",
  "w",
  "web_language_file",
  "website",
  "with_tour",
  "within_km",
  "x",
  "y",
  "youtube_id",
  "zoom",
]);

/** The most one echoed value may take as JSON: a listing's description or a long list is left out. */
export const ECHO_VALUE_LIMIT = 1024;

/** Parts of a name that mark a secret, whatever list the name is on (`re_password`, `oobCode`, `api_key`). */
const SECRET_PARTS = new Set([
  "apikey",
  "auth",
  "bearer",
  "captcha",
  "card",
  "code",
  "cookie",
  "credential",
  "credentials",
  "cvc",
  "cvv",
  "fcm",
  "firebase",
  "hash",
  "iban",
  "jwt",
  "key",
  "nonce",
  "otp",
  "pass",
  "passcode",
  "passwd",
  "password",
  "pin",
  "private",
  "pwd",
  "recaptcha",
  "salt",
  "secret",
  "session",
  "signature",
  "token",
]);

/** Whether a field's name reads like a secret: one of its words (snake_case or camelCase) is in SECRET_PARTS. */
export function looksSecret(name: string): boolean {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((part) => SECRET_PARTS.has(part));
}

/** Whether a field may be sent back by name: on the allow-list and not named like a secret. */
export const mayEcho = (name: string) => ECHOED.has(name) && !looksSecret(name);

type Def = { type: string; in?: z.ZodType; out?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The schema whose validated value is echoed. A call whose schema reshapes its input as a whole
 * (`z.object(…).transform(…)`) hands its handler something else than it was sent: its echo is the
 * object before that reshaping, in the names the caller used.
 */
function echoSource(schema: z.ZodType): { schema: z.ZodType; reshaped: boolean } {
  let s = schema;
  let reshaped = false;
  for (;;) {
    const def = defOf(s);
    if (def.type === "pipe" && def.in && def.out && defOf(def.out).type === "transform") {
      s = def.in;
      reshaped = true;
    } else return { schema: s, reshaped };
  }
}

const alternatives = (s: Json) => [
  ...((s.anyOf as Json[] | undefined) ?? []),
  ...((s.oneOf as Json[] | undefined) ?? []),
  ...((s.allOf as Json[] | undefined) ?? []),
];

/** A JSON Schema of a single value: no object, no array, no file (`format: binary`). */
function scalarSchema(s: Json): boolean {
  if (s.format === "binary" || s.contentEncoding !== undefined || s.contentMediaType !== undefined)
    return false;
  const alts = alternatives(s);
  if (alts.length) return alts.every(scalarSchema);
  if (s.properties || s.items || s.prefixItems || s.additionalProperties) return false;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return !types.includes("object") && !types.includes("array");
}

/** A value, or a list of values: what the echo holds. */
function echoableSchema(s: Json): boolean {
  const alts = alternatives(s);
  if (alts.length) return alts.every(echoableSchema);
  if (s.type === "array") {
    const items = [
      ...(s.items && typeof s.items === "object" ? [s.items as Json] : []),
      ...((s.prefixItems as Json[] | undefined) ?? []),
    ];
    return items.every(scalarSchema);
  }
  return scalarSchema(s);
}

/** Every top-level field of a JSON Schema, with the schemas it has across unions and intersections. */
function fieldsOf(schema: Json, out = new Map<string, Json[]>()): Map<string, Json[]> {
  for (const [name, s] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {}))
    out.set(name, [...(out.get(name) ?? []), s]);
  for (const alt of alternatives(schema)) fieldsOf(alt, out);
  return out;
}

interface EchoPlan {
  /** Set when the call reshapes its input as a whole: the schema to read the echo with. */
  source: z.ZodType | null;
  /** The fields that may come back, with the JSON Schema of each as it comes back. */
  fields: Map<string, Json>;
}

const plans = new WeakMap<object, EchoPlan>();

function planOf(call: Pick<AnyCall, "input">): EchoPlan {
  let plan = plans.get(call.input);
  if (plan) return plan;
  const { schema, reshaped } = echoSource(call.input);
  // What the validated value looks like: the output side (a "3" in a query comes back as 3).
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Json;
  if (json.$defs) throw new Error("An input schema refers to itself: the echo cannot describe it");
  const fields = new Map<string, Json>();
  for (const [name, schemas] of fieldsOf(json)) {
    if (!mayEcho(name) || !schemas.every(echoableSchema)) continue;
    const distinct = [...new Map(schemas.map((s) => [JSON.stringify(s), s])).values()];
    fields.set(name, distinct.length === 1 ? distinct[0]! : { anyOf: distinct });
  }
  plans.set(call.input, (plan = { source: reshaped ? schema : null, fields }));
  return plan;
}

/** The fields a call may send back, by name (for the documentation and the tests). */
export const echoedFields = (call: Pick<AnyCall, "input">): string[] => [...planOf(call).fields.keys()];

const scalar = (v: unknown): unknown =>
  v === null || typeof v === "string" || typeof v === "boolean"
    ? v
    : typeof v === "number"
      ? Number.isFinite(v)
        ? v
        : undefined
      : v instanceof Date && !Number.isNaN(v.getTime())
        ? v.toISOString()
        : undefined;

/** A value as it comes back, or undefined to leave it out: a value or a list of values, small, JSON-safe. */
function echoValue(v: unknown): unknown {
  let out: unknown;
  if (Array.isArray(v)) {
    const items = v.map(scalar);
    out = items.every((x) => x !== undefined) ? items : undefined;
  } else out = scalar(v);
  if (out === undefined) return undefined;
  return JSON.stringify(out).length <= ECHO_VALUE_LIMIT ? out : undefined;
}

/**
 * The `request` of a successful answer: `validated` is what the call's schema made of `raw` (the
 * fields as read). Only fields of the call's plan, each as a value or a list of values: a File, an
 * object or anything too long is left out whatever its name.
 */
export function echoOf(call: Pick<AnyCall, "input">, validated: unknown, raw: Record<string, unknown>): Json {
  const plan = planOf(call);
  let value = validated;
  if (plan.source) {
    const again = plan.source.safeParse(raw);
    value = again.success ? again.data : {};
  }
  const out: Json = {};
  if (!value || typeof value !== "object") return out;
  for (const name of plan.fields.keys()) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    const v = echoValue((value as Json)[name]);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/**
 * The JSON Schema of a call's `request`, for the OpenAPI document: no field is required, since any
 * may be absent or left out (what is left out is said once, on the envelope's `request`).
 */
export function echoSchema(call: Pick<AnyCall, "input">): Json {
  return { type: "object", properties: Object.fromEntries(planOf(call).fields) };
}
