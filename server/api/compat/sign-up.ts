// `user_signup` for apps built on the eBroker contract: the app signs in with Firebase, calls this,
// keeps `token` from the answer and sends it as the bearer from then on.
//
// Their server believed the Firebase uid the app sent (`auth_id`, earlier `firebase_id`): anyone who
// knew someone's uid could take their account. Here the uid comes only from a Firebase ID token the
// server verifies: the app sends the ID token it already holds (the one change the guide asks of an
// app), or, for email and password (type 3), the email and password, which the server checks itself.
// The answer's token is a 14-day session of ours, ended by signing out or deleting the account.
// `user-register` (registration with a password, no Firebase in the app) answers the same token.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { CompatError, expectOk, IGNORED_EVERYWHERE, type Body, type Compat } from "./context";
import { customer } from "./shapes";
import { isJunk, loginType } from "./values";
import { GATES } from "../packages/contract";

/** Their server's message to a switched-off account, which their apps compare word for word. */
export const DEACTIVATED_MESSAGE = "Account Deactivated by Administrative please connect to them";

/** Where the app may put the ID token: a field (easiest to add to their form) or the bearer header. */
const TOKEN_FIELDS = ["firebase_token", "id_token", "idToken"] as const;

export async function signUp(c: Compat): Promise<Body> {
  const f = { ...c.fields };
  const method = loginType(f.type ?? f.logintype) ?? "email";
  let idToken: string | null = null;
  for (const k of TOKEN_FIELDS) if (typeof f[k] === "string" && f[k]) idToken = f[k];
  idToken ??= c.token;

  if (!idToken && method === "email" && f.email && f.password) {
    // Email and password: the server signs in itself (with the sign-in limits of user-login).
    const login = await c.call("user-login", { email: f.email, password: f.password }, { token: null });
    if (login.body.error)
      throw new CompatError(login.status === 429 ? login.body.message : "Invalid Email or Password", {
        code: login.status,
      });
    idToken = (login.body.data as any).token;
  }
  if (!idToken) {
    throw new CompatError(
      "Send the Firebase ID token of the signed-in account as firebase_token (or as the bearer): this server does not sign anyone in on a uid alone",
    );
  }
  const who = await c.deps.auth.verify(idToken, true);
  if (!who) throw new CompatError("The Firebase ID token is not valid or has expired: sign in again");
  // A uid the app names must be the token's own.
  const claimed = [f.auth_id, f.firebase_id].find((v) => typeof v === "string" && v && !isJunk(v));
  if (claimed && claimed !== who.uid) throw new CompatError("auth_id does not match the signed-in account");

  const profile = typeof f.profile === "string" && /^https?:\/\//i.test(f.profile) ? f.profile : undefined;
  const name =
    [f.name, who.name, typeof f.email === "string" ? f.email.split("@")[0] : undefined, f.mobile].find(
      (v) => typeof v === "string" && v.trim() && !isJunk(v),
    ) ?? "Member";
  const fields: Record<string, unknown> = {
    name,
    auth_id: who.uid,
    logintype: method,
    ...(who.email || (f.email && method !== "phone") ? { email: who.email ?? f.email } : {}),
    ...(typeof f.mobile === "string" && f.mobile && !isJunk(f.mobile)
      ? { mobile: f.mobile.startsWith("+") ? f.mobile : `+${f.mobile}` }
      : {}),
    ...(typeof f.address === "string" && f.address && !isJunk(f.address) ? { address: f.address } : {}),
    ...(profile ? { profile } : {}),
    ...(typeof f.fcm_id === "string" && f.fcm_id && !isJunk(f.fcm_id) ? { fcm_id: f.fcm_id } : {}),
  };
  const made = await c.call("user_signup", fields, { token: idToken });
  // A phone number or address the account cannot keep (taken, malformed) is not worth refusing a sign-in over.
  const signed =
    made.body.error && made.status === 400
      ? await c.call("user_signup", { name, auth_id: who.uid, logintype: method }, { token: idToken })
      : made;
  const user = expectOk(signed).data as any;
  const isNew = Date.parse(user.created_at) > Date.now() - 60_000;
  return signedIn(c, idToken, user, isNew ? "User Register Successfully" : "Login Successfully");
}

/**
 * `user-register` (name, email, mobile, password, re_password): our registration makes the account
 * and signs it in; the app keeps the answer's `token` as after `user_signup`, so a person who
 * registers is signed in at once instead of holding an account the app cannot use.
 */
export async function register(c: Compat): Promise<Body> {
  const body = expectOk(
    await c.call("user-register", { ...c.fields }, { ignore: IGNORED_EVERYWHERE, token: null }),
  );
  const made = body.data as { token: string; user: any };
  return signedIn(c, made.token, made.user, body.message);
}

/** The answer of a sign-in: `token`, our 14-day session made from the ID token, and the person. */
async function signedIn(c: Compat, idToken: string, user: any, message: string): Promise<Body> {
  if (user.is_active === false)
    throw new CompatError(DEACTIVATED_MESSAGE, { is_active: false, reason: GATES.deactivated.message });
  let token: string;
  try {
    token = await c.deps.auth.createSessionCookie(idToken);
  } catch {
    throw new CompatError(
      "Sign in again: the Firebase ID token must come from a sign-in of the last five minutes",
    );
  }
  return { error: false, message, token, data: customer(user, c.place) };
}
