// Firebase Authentication: firebase-admin verifies tokens and mints session cookies; the Identity
// Toolkit REST API signs people up and in when the browser runs no JavaScript.
import { getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";

export interface Principal {
  uid: string;
  email: string | null;
  name: string | null;
  admin: boolean;
}

export interface IdentityResult {
  uid: string;
  idToken: string;
  email: string;
}

/** A sign-in by another method than a password: what the provider knows of the person. */
export interface FederatedResult {
  uid: string;
  idToken: string;
  email: string | null;
  phoneNumber: string | null;
  displayName: string | null;
  photoUrl: string | null;
  isNewUser: boolean;
}

/** A failure from the identity provider; `code` is its error code (e.g. EMAIL_EXISTS). */
export class IdentityError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export interface AuthServiceOptions {
  projectId: string;
  apiKey: string;
  emulatorHost?: string | null;
}

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;

export class AuthService {
  private readonly admin: Auth;
  private readonly restBase: string;

  constructor(private readonly options: AuthServiceOptions) {
    // firebase-admin reads the emulator host from the environment, so set it before the app exists.
    if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
    const name = `souq-${options.projectId}`;
    const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: options.projectId }, name);
    this.admin = getAuth(app);
    this.restBase = options.emulatorHost
      ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
      : "https://identitytoolkit.googleapis.com/v1";
  }

  get adminAuth(): Auth {
    return this.admin;
  }

  /** True against the local emulator, which needs no reCAPTCHA and has no hosted provider pages. */
  get usesEmulator(): boolean {
    return Boolean(this.options.emulatorHost);
  }

  private async rest<T>(path: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.restBase}/${path}?key=${encodeURIComponent(this.options.apiKey)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      throw new IdentityError("NETWORK_REQUEST_FAILED");
    }
    const json = (await res.json().catch(() => ({}))) as { error?: { message?: string } } & T;
    if (!res.ok) {
      // Messages look like "WEAK_PASSWORD : Password should be at least 6 characters"; a sentence
      // instead of a code (the emulator's "not yet supported") means the method is not available.
      const first = (json.error?.message ?? "INTERNAL_ERROR").split(" ")[0]!;
      throw new IdentityError(/^[A-Z][A-Z0-9_]*$/.test(first) ? first : res.status === 501 ? "OPERATION_NOT_ALLOWED" : "INTERNAL_ERROR");
    }
    return json;
  }

  async signUp(email: string, password: string, displayName: string): Promise<IdentityResult> {
    const r = await this.rest<{ localId: string; idToken: string; email: string }>("accounts:signUp", {
      email,
      password,
      displayName,
      returnSecureToken: true,
    });
    // signUp ignores displayName on some backends; setting it again puts the name in every token.
    const u = await this.rest<{ idToken?: string }>("accounts:update", {
      idToken: r.idToken,
      displayName,
      returnSecureToken: true,
    });
    return { uid: r.localId, idToken: u.idToken ?? r.idToken, email: r.email };
  }

  async signIn(email: string, password: string): Promise<IdentityResult> {
    const r = await this.rest<{ localId: string; idToken: string; email: string }>("accounts:signInWithPassword", {
      email,
      password,
      returnSecureToken: true,
    });
    return { uid: r.localId, idToken: r.idToken, email: r.email };
  }

  /**
   * Mails a password-reset link. The provider answers EMAIL_NOT_FOUND for unknown addresses; that is
   * swallowed here so the page answers the same either way (nobody learns who has an account).
   */
  async sendPasswordReset(email: string, continueUrl?: string): Promise<void> {
    try {
      await this.rest("accounts:sendOobCode", { requestType: "PASSWORD_RESET", email, ...(continueUrl ? { continueUrl } : {}) });
    } catch (e) {
      if (e instanceof IdentityError && (e.code === "EMAIL_NOT_FOUND" || e.code === "USER_NOT_FOUND")) return;
      throw e;
    }
  }

  /** Checks a reset code without using it: the address it belongs to. */
  async checkPasswordResetCode(oobCode: string): Promise<string> {
    const r = await this.rest<{ email: string; requestType?: string }>("accounts:resetPassword", { oobCode });
    if (r.requestType && r.requestType !== "PASSWORD_RESET") throw new IdentityError("INVALID_OOB_CODE");
    return r.email;
  }

  /** Sets the new password with the mailed code; the code is used up. */
  async resetPassword(oobCode: string, newPassword: string): Promise<string> {
    const r = await this.rest<{ email: string }>("accounts:resetPassword", { oobCode, newPassword });
    return r.email;
  }

  /** Mails a sign-in link that comes back to `continueUrl` with the code. */
  async sendSignInLink(email: string, continueUrl: string): Promise<void> {
    await this.rest("accounts:sendOobCode", { requestType: "EMAIL_SIGNIN", email, continueUrl, canHandleCodeInApp: true });
  }

  /** Signs in with the code of a mailed link (creating the account the first time). */
  async signInWithEmailLink(email: string, oobCode: string): Promise<FederatedResult> {
    return federated(await this.rest<RestSignIn>("accounts:signInWithEmailLink", { email, oobCode, returnSecureToken: true }));
  }

  /**
   * Texts a code to the number; the answer's sessionInfo goes with the code to `signInWithPhone`.
   * The provider wants a reCAPTCHA token from the browser; the emulator does not.
   */
  async sendPhoneCode(phoneNumber: string, recaptchaToken?: string | null): Promise<string> {
    const r = await this.rest<{ sessionInfo: string }>("accounts:sendVerificationCode", { phoneNumber, ...(recaptchaToken ? { recaptchaToken } : {}) });
    return r.sessionInfo;
  }

  async signInWithPhone(sessionInfo: string, code: string): Promise<FederatedResult> {
    return federated(await this.rest<RestSignIn>("accounts:signInWithPhoneNumber", { sessionInfo, code }));
  }

  /**
   * The provider's sign-in page for a redirect without JavaScript, and the session id that must come
   * back with the answer. The emulator does not implement this (see `signInWithIdp`).
   */
  async createAuthUri(providerId: string, continueUri: string): Promise<{ authUri: string; sessionId: string }> {
    const r = await this.rest<{ authUri?: string; sessionId?: string }>("accounts:createAuthUri", { providerId, continueUri });
    if (!r.authUri || !r.sessionId) throw new IdentityError("OPERATION_NOT_ALLOWED");
    return { authUri: r.authUri, sessionId: r.sessionId };
  }

  /**
   * Completes a federated sign-in: `requestUri` is the callback address the provider came back to
   * (with its query) and `sessionId` the one from `createAuthUri`; or `postBody` carries a
   * credential such as `id_token=…&providerId=google.com`.
   */
  async signInWithIdp(input: { requestUri: string; sessionId?: string; postBody?: string }): Promise<FederatedResult> {
    const r = await this.rest<RestSignIn & { needConfirmation?: boolean; errorMessage?: string }>("accounts:signInWithIdp", {
      ...input,
      returnSecureToken: true,
      returnIdpCredential: true,
    });
    // Another account already holds this email and the provider does not vouch for it.
    if (r.needConfirmation || !r.idToken) throw new IdentityError(r.errorMessage?.split(" ")[0] || "NEED_CONFIRMATION");
    return federated(r);
  }

  /**
   * Signs in as an account we have proven the person holds some other way (our own one-time codes):
   * a custom token, exchanged for an ID token like any other sign-in.
   */
  async signInAsUser(uid: string): Promise<FederatedResult> {
    const token = await this.admin.createCustomToken(uid);
    const r = await this.rest<RestSignIn>("accounts:signInWithCustomToken", { token, returnSecureToken: true });
    const user = await this.admin.getUser(uid);
    return {
      uid,
      idToken: r.idToken,
      email: user.email ?? null,
      phoneNumber: user.phoneNumber ?? null,
      displayName: user.displayName ?? null,
      photoUrl: user.photoURL ?? null,
      isNewUser: false,
    };
  }

  createSessionCookie(idToken: string): Promise<string> {
    return this.admin.createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_SECONDS * 1000 });
  }

  /**
   * Verifies an ID token or a session cookie, told apart by the issuer. `checkRevoked` asks the
   * provider whether the session was ended; use it where money, ownership or identity change.
   */
  async verify(token: string, checkRevoked = false): Promise<Principal | null> {
    const issuer = readIssuer(token);
    if (!issuer) return null;
    try {
      const claims = issuer.startsWith("https://session.firebase.google.com/")
        ? await this.admin.verifySessionCookie(token, checkRevoked)
        : await this.admin.verifyIdToken(token, checkRevoked);
      return {
        uid: claims.uid,
        email: (claims.email as string | undefined) ?? null,
        name: (claims.name as string | undefined) ?? null,
        admin: claims.admin === true,
      };
    } catch {
      return null;
    }
  }

  /** Ends every session of the user: session cookies checked with `checkRevoked` stop working. */
  async revokeSessions(uid: string): Promise<void> {
    await this.admin.revokeRefreshTokens(uid);
  }
}

interface RestSignIn {
  localId: string;
  idToken: string;
  email?: string;
  phoneNumber?: string;
  displayName?: string;
  fullName?: string;
  photoUrl?: string;
  isNewUser?: boolean;
}

function federated(r: RestSignIn): FederatedResult {
  return {
    uid: r.localId,
    idToken: r.idToken,
    email: r.email ?? null,
    phoneNumber: r.phoneNumber ?? null,
    displayName: r.displayName ?? r.fullName ?? null,
    photoUrl: r.photoUrl ?? null,
    isNewUser: r.isNewUser === true,
  };
}

function readIssuer(token: string): string | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as { iss?: unknown };
    return typeof payload.iss === "string" ? payload.iss : null;
  } catch {
    return null;
  }
}
