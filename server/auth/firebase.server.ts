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
      // Messages look like "WEAK_PASSWORD : Password should be at least 6 characters".
      const code = (json.error?.message ?? "INTERNAL_ERROR").split(" ")[0]!;
      throw new IdentityError(code);
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
