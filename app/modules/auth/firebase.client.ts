// The Firebase client SDK, loaded only when someone submits a sign-in or register form.
import type { PublicEnv } from "~server/runtime/env.server";

export async function clientAuth(config: PublicEnv["firebase"]) {
  const [{ initializeApp, getApps }, authModule] = await Promise.all([
    import("firebase/app"),
    import("firebase/auth"),
  ]);
  const app =
    getApps()[0] ??
    initializeApp({ apiKey: config.apiKey, projectId: config.projectId, authDomain: config.authDomain });
  // Never against the emulator: its tokens are unsigned, so with it the server signs people in itself.
  if (config.emulator)
    throw Object.assign(new Error("The sign-in emulator is used by the server only"), {
      code: "auth/operation-not-allowed",
    });
  return { auth: authModule.getAuth(app), m: authModule };
}

/** Signs in and returns a fresh ID token, or throws `{ code }` from the SDK. */
export async function signInForToken(
  config: PublicEnv["firebase"],
  email: string,
  password: string,
): Promise<string> {
  const { auth, m } = await clientAuth(config);
  const cred = await m.signInWithEmailAndPassword(auth, email, password);
  const token = await cred.user.getIdToken();
  // The server keeps the session in a cookie; the SDK's own copy is not needed.
  await m.signOut(auth);
  return token;
}

export async function registerForToken(
  config: PublicEnv["firebase"],
  email: string,
  password: string,
  name: string,
): Promise<string> {
  const { auth, m } = await clientAuth(config);
  const cred = await m.createUserWithEmailAndPassword(auth, email, password);
  await m.updateProfile(cred.user, { displayName: name });
  const token = await cred.user.getIdToken(true);
  await m.signOut(auth);
  return token;
}

export function errorCode(e: unknown): string {
  return typeof e === "object" && e && "code" in e
    ? String((e as { code: unknown }).code)
    : "auth/internal-error";
}

/** Google's sign-in window (the emulator's stand-in locally); returns a fresh ID token. */
export async function googleForToken(config: PublicEnv["firebase"]): Promise<string> {
  const { auth, m } = await clientAuth(config);
  const cred = await m.signInWithPopup(auth, new m.GoogleAuthProvider());
  const token = await cred.user.getIdToken();
  await m.signOut(auth);
  return token;
}

/**
 * An invisible reCAPTCHA answer for the provider's phone sign-in (production only: the emulator
 * needs none). The server sends the code with it, so the flow stays the same as without JavaScript.
 */
export async function recaptchaToken(config: PublicEnv["firebase"], button: HTMLElement): Promise<string> {
  const { auth, m } = await clientAuth(config);
  const verifier = new m.RecaptchaVerifier(auth, button, { size: "invisible" });
  try {
    return await verifier.verify();
  } finally {
    verifier.clear();
  }
}
