// Firebase Authentication: firebase-admin verifies tokens and mints session cookies; the Identity
// Toolkit REST API signs people up and in when the browser runs no JavaScript.
//
// The Auth emulator signs nothing (its tokens are `alg: none`) and firebase-admin believes any
// token when pointed at it, so with the emulator the server vouches for tokens itself: every token
// it gets from the emulator (always over loopback, from a sign-in it made) leaves here signed with
// a key only the server holds, and only such tokens are accepted. Who someone is and whether they
// are an admin is then read from the account as the emulator stores it (decision 021).
import { getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth, type UserRecord } from "firebase-admin/auth";
import { decodeJwt, jwtVerify, SignJWT, type JWTPayload } from "jose";

/** A verified token's claims (Firebase's own, or those of the tokens the server signs with the emulator). */
type Claims = JWTPayload & { sub: string };

export interface Principal {
  uid: string;
  email: string | null;
  name: string | null;
  admin: boolean;
  /** When the person last proved who they are (seconds since the epoch): a fresh sign-in is recent. */
  authTime: number;
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
  /** With the emulator: the key the server signs its tokens with (required then). */
  tokenSecret?: string;
}

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;
/** A session starts only from a sign-in this recent, as Firebase asks of `createSessionCookie`. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
/** Key id of the server's own signature on emulator tokens. */
const EMULATOR_KID = "souq-emulator";
/** How long an account read stays good for reads that do not re-check the session. */
const ACCOUNT_CACHE_MS = 5_000;
/**
 * A page asks about the same session several times (its layout, each API call): a token's checked
 * signature is remembered for this long (never past the token's own expiry). Only the signature:
 * the account behind it is still read as before.
 */
const SIGNATURE_CACHE_MS = 60_000;
const SIGNATURE_CACHE_SIZE = 10_000;

export class AuthService {
  private readonly admin: Auth;
  private readonly restBase: string;
  private readonly key: Uint8Array | null;
  private readonly accounts = new Map<string, { at: number; account: UserRecord | null }>();
  private readonly signed = new Map<string, { until: number; claims: Promise<Claims | null> }>();

  constructor(private readonly options: AuthServiceOptions) {
    if (options.emulatorHost && !options.tokenSecret)
      throw new Error("The Auth emulator needs a token secret: its own tokens are unsigned");
    this.key = options.emulatorHost ? new TextEncoder().encode(options.tokenSecret) : null;
    // firebase-admin reads the emulator host from the environment, so set it before the app exists.
    if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
    const name = `souq-${options.projectId}`;
    const app: App =
      getApps().find((a) => a.name === name) ?? initializeApp({ projectId: options.projectId }, name);
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
    let res: Response | undefined;
    for (let attempt = 1; !res; attempt++) {
      try {
        res = await fetch(`${this.restBase}/${path}?key=${encodeURIComponent(this.options.apiKey)}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      } catch (error) {
        // A kept-alive connection the service closed as idle just as we reused it ("other side
        // closed"): the request never reached it, so one more try on a new connection is safe.
        if (attempt === 1 && closedIdle(error)) continue;
        throw new IdentityError("NETWORK_REQUEST_FAILED");
      }
    }
    const json = (await res.json().catch(() => ({}))) as { error?: { message?: string } } & T;
    if (!res.ok) {
      // Messages look like "WEAK_PASSWORD : Password should be at least 6 characters"; a sentence
      // instead of a code (the emulator's "not yet supported") means the method is not available.
      const first = (json.error?.message ?? "INTERNAL_ERROR").split(" ")[0]!;
      throw new IdentityError(
        /^[A-Z][A-Z0-9_]*$/.test(first)
          ? first
          : res.status === 501
            ? "OPERATION_NOT_ALLOWED"
            : "INTERNAL_ERROR",
      );
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
    return { uid: r.localId, idToken: await this.vouch(u.idToken ?? r.idToken), email: r.email };
  }

  async signIn(email: string, password: string): Promise<IdentityResult> {
    const r = await this.rest<{ localId: string; idToken: string; email: string }>(
      "accounts:signInWithPassword",
      {
        email,
        password,
        returnSecureToken: true,
      },
    );
    return { uid: r.localId, idToken: await this.vouch(r.idToken), email: r.email };
  }

  /**
   * Mails a password-reset link. The provider answers EMAIL_NOT_FOUND for unknown addresses; that is
   * swallowed here so the page answers the same either way (nobody learns who has an account).
   */
  async sendPasswordReset(email: string, continueUrl?: string): Promise<void> {
    try {
      await this.rest("accounts:sendOobCode", {
        requestType: "PASSWORD_RESET",
        email,
        ...(continueUrl ? { continueUrl } : {}),
      });
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
    await this.rest("accounts:sendOobCode", {
      requestType: "EMAIL_SIGNIN",
      email,
      continueUrl,
      canHandleCodeInApp: true,
    });
  }

  /** Signs in with the code of a mailed link (creating the account the first time). */
  async signInWithEmailLink(email: string, oobCode: string): Promise<FederatedResult> {
    return this.vouchFor(
      federated(
        await this.rest<RestSignIn>("accounts:signInWithEmailLink", {
          email,
          oobCode,
          returnSecureToken: true,
        }),
      ),
    );
  }

  /**
   * Texts a code to the number; the answer's sessionInfo goes with the code to `signInWithPhone`.
   * The provider wants a reCAPTCHA token from the browser; the emulator does not.
   */
  async sendPhoneCode(phoneNumber: string, recaptchaToken?: string | null): Promise<string> {
    const r = await this.rest<{ sessionInfo: string }>("accounts:sendVerificationCode", {
      phoneNumber,
      ...(recaptchaToken ? { recaptchaToken } : {}),
    });
    return r.sessionInfo;
  }

  async signInWithPhone(sessionInfo: string, code: string): Promise<FederatedResult> {
    return this.vouchFor(
      federated(await this.rest<RestSignIn>("accounts:signInWithPhoneNumber", { sessionInfo, code })),
    );
  }

  /**
   * The provider's sign-in page for a redirect without JavaScript, and the session id that must come
   * back with the answer. The emulator does not implement this (see `signInWithIdp`).
   */
  async createAuthUri(
    providerId: string,
    continueUri: string,
  ): Promise<{ authUri: string; sessionId: string }> {
    const r = await this.rest<{ authUri?: string; sessionId?: string }>("accounts:createAuthUri", {
      providerId,
      continueUri,
    });
    if (!r.authUri || !r.sessionId) throw new IdentityError("OPERATION_NOT_ALLOWED");
    return { authUri: r.authUri, sessionId: r.sessionId };
  }

  /**
   * Completes a federated sign-in: `requestUri` is the callback address the provider came back to
   * (with its query) and `sessionId` the one from `createAuthUri`; or `postBody` carries a
   * credential such as `id_token=…&providerId=google.com`.
   */
  async signInWithIdp(input: {
    requestUri: string;
    sessionId?: string;
    postBody?: string;
  }): Promise<FederatedResult> {
    if (this.key) await this.refuseEmulatedTakeover(input);
    const r = await this.rest<RestSignIn & { needConfirmation?: boolean; errorMessage?: string }>(
      "accounts:signInWithIdp",
      {
        ...input,
        returnSecureToken: true,
        returnIdpCredential: true,
      },
    );
    // Another account already holds this email and the provider does not vouch for it.
    if (r.needConfirmation || !r.idToken)
      throw new IdentityError(r.errorMessage?.split(" ")[0] || "NEED_CONFIRMATION");
    return this.vouchFor(federated(r));
  }

  /**
   * Signs in as an account we have proven the person holds some other way (our own one-time codes):
   * a custom token, exchanged for an ID token like any other sign-in.
   */
  async signInAsUser(uid: string): Promise<FederatedResult> {
    const token = await this.admin.createCustomToken(uid);
    const r = await this.rest<RestSignIn>("accounts:signInWithCustomToken", {
      token,
      returnSecureToken: true,
    });
    const user = await this.admin.getUser(uid);
    return {
      uid,
      idToken: await this.vouch(r.idToken),
      email: user.email ?? null,
      phoneNumber: user.phoneNumber ?? null,
      displayName: user.displayName ?? null,
      photoUrl: user.photoURL ?? null,
      isNewUser: false,
    };
  }

  /** Exchanges a fresh ID token (a sign-in of the last five minutes) for a 14-day session cookie. */
  async createSessionCookie(idToken: string): Promise<string> {
    if (!this.key)
      return this.admin.createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_SECONDS * 1000 });
    const claims = await this.emulatorClaims(idToken, "id");
    const who = claims && (await this.principal(claims, true));
    if (!claims || !who) throw new IdentityError("INVALID_ID_TOKEN");
    if (Date.now() / 1000 - who.authTime > RECENT_SIGN_IN_SECONDS)
      throw new IdentityError("CREDENTIAL_TOO_OLD_LOGIN_AGAIN");
    const { iat: _iat, exp: _exp, iss: _iss, aud: _aud, nbf: _nbf, jti: _jti, ...rest } = claims;
    return new SignJWT(rest)
      .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: EMULATOR_KID })
      .setIssuer(this.sessionIssuer)
      .setAudience(this.options.projectId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + SESSION_MAX_AGE_SECONDS)
      .sign(this.key);
  }

  /**
   * Verifies an ID token or a session cookie, told apart by the issuer. `checkRevoked` asks the
   * provider whether the session was ended (and reads the account, whose claims then decide `admin`);
   * use it where money, ownership or identity change. With the emulator the account is always read.
   */
  async verify(token: string, checkRevoked = false): Promise<Principal | null> {
    if (this.key) {
      const claims = await this.signedClaims(token, () => this.emulatorClaims(token, "any"));
      return claims ? this.principal(claims, checkRevoked) : null;
    }
    const issuer = readIssuer(token);
    if (!issuer) return null;
    const claims = await this.signedClaims(token, () =>
      (issuer.startsWith("https://session.firebase.google.com/")
        ? this.admin.verifySessionCookie(token, false)
        : this.admin.verifyIdToken(token, false)
      ).catch(() => null),
    );
    if (!claims) return null;
    // Google signed these claims; where it matters, the account itself is asked as well.
    if (checkRevoked) return this.principal(claims, true).catch(() => null);
    return {
      uid: String(claims.uid ?? claims.sub),
      email: (claims.email as string | undefined) ?? null,
      name: (claims.name as string | undefined) ?? null,
      admin: claims.admin === true,
      authTime: Number(claims.auth_time) || 0,
    };
  }

  /**
   * The claims of a token whose signature `check` verifies, remembered for a while: a valid token
   * stays valid until it expires. A refused one is not remembered (it costs nothing to keep refusing).
   */
  private signedClaims(token: string, check: () => Promise<Claims | null>): Promise<Claims | null> {
    const now = Date.now();
    const kept = this.signed.get(token);
    if (kept && now < kept.until) return kept.claims;
    const claims = check();
    if (this.signed.size >= SIGNATURE_CACHE_SIZE) this.signed.clear();
    this.signed.set(token, { until: now + SIGNATURE_CACHE_MS, claims });
    void claims.then(
      (c) => {
        const entry = this.signed.get(token);
        if (entry?.claims !== claims) return;
        const expires = typeof c?.exp === "number" ? c.exp * 1000 : 0;
        if (!c || expires <= Date.now()) this.signed.delete(token);
        else entry.until = Math.min(entry.until, expires);
      },
      () => this.signed.delete(token),
    );
    return claims;
  }

  private get idIssuer() {
    return `https://securetoken.google.com/${this.options.projectId}`;
  }

  private get sessionIssuer() {
    return `https://session.firebase.google.com/${this.options.projectId}`;
  }

  /** An emulator token as the emulator issued it → the same claims under the server's signature. */
  private async vouch(idToken: string): Promise<string> {
    if (!this.key) return idToken;
    const { iss, aud, sub } = decodeJwt(idToken);
    if (iss !== this.idIssuer || aud !== this.options.projectId || !sub)
      throw new IdentityError("INVALID_ID_TOKEN");
    return new SignJWT(decodeJwt(idToken))
      .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: EMULATOR_KID })
      .sign(this.key);
  }

  private async vouchFor(r: FederatedResult): Promise<FederatedResult> {
    return { ...r, idToken: await this.vouch(r.idToken) };
  }

  /** The claims of a token the server signed itself (not expired, for this project), or null. */
  private async emulatorClaims(
    token: string,
    kind: "id" | "any",
  ): Promise<(JWTPayload & { sub: string }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key!, {
        algorithms: ["HS256"],
        issuer: kind === "id" ? this.idIssuer : [this.idIssuer, this.sessionIssuer],
        audience: this.options.projectId,
        requiredClaims: ["sub", "exp", "iat", "auth_time"],
      });
      return typeof payload.sub === "string" && payload.sub
        ? (payload as JWTPayload & { sub: string })
        : null;
    } catch {
      return null;
    }
  }

  /**
   * The person behind verified claims, as their account says now: gone or switched off is nobody,
   * a session ended after this sign-in (with `checkRevoked`) is nobody, and `admin` is the account's
   * custom claim, never the token's.
   */
  private async principal(
    claims: { sub?: string; auth_time?: unknown },
    checkRevoked: boolean,
  ): Promise<Principal | null> {
    const uid = claims.sub!;
    const account = await this.account(uid, checkRevoked);
    if (!account || account.disabled) return null;
    const authTime = Number(claims.auth_time) || 0;
    if (
      checkRevoked &&
      account.tokensValidAfterTime &&
      authTime * 1000 < Date.parse(account.tokensValidAfterTime)
    )
      return null;
    return {
      uid,
      email: account.email ?? null,
      name: account.displayName ?? null,
      admin: account.customClaims?.admin === true,
      authTime,
    };
  }

  /** Reads the account; plain reads may use one read of the last few seconds. */
  private async account(uid: string, fresh: boolean): Promise<UserRecord | null> {
    const kept = this.accounts.get(uid);
    if (!fresh && kept && Date.now() - kept.at < ACCOUNT_CACHE_MS) return kept.account;
    let account: UserRecord | null;
    try {
      account = await this.admin.getUser(uid);
    } catch (e) {
      if ((e as { code?: string }).code !== "auth/user-not-found") return null; // unknown now, not remembered
      account = null;
    }
    if (this.accounts.size > 5_000) this.accounts.clear();
    this.accounts.set(uid, { at: Date.now(), account });
    return account;
  }

  /**
   * The emulator's stand-in for Google vouches for any address it is given. Real Google proves the
   * address, and Firebase then hands it the account of that address (even one with a password);
   * with the stand-in that would let anyone take over anyone's account. So the stand-in may only
   * sign in an address that no account holds yet, or one that it made itself.
   */
  private async refuseEmulatedTakeover(input: { requestUri: string; postBody?: string }) {
    // The emulator reads the parameters from the query, the post body and the fragment (the last
    // one wins): every id_token in any of them is checked, and one that cannot be read is refused.
    const tokens: string[] = [];
    try {
      const uri = new URL(input.requestUri);
      for (const source of [uri.search, input.postBody ?? "", uri.hash.replace(/^#/, "")])
        tokens.push(...new URLSearchParams(source).getAll("id_token"));
    } catch {
      throw new IdentityError("INVALID_IDP_RESPONSE");
    }
    for (const idToken of tokens) {
      let email: unknown;
      try {
        email = (
          JSON.parse(
            idToken.startsWith("{")
              ? idToken
              : Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString(),
          ) as { email?: unknown }
        ).email;
      } catch {
        throw new IdentityError("INVALID_IDP_RESPONSE");
      }
      if (typeof email !== "string" || !email.trim()) continue;
      const holder = await this.admin.getUserByEmail(email.trim().toLowerCase()).catch(() => null);
      // Only an account the stand-in made itself (Google and nothing else) may be signed in again;
      // one with a password, a phone, or no provider at all (made by our own codes) may not.
      const madeByStandIn =
        holder !== null &&
        holder.providerData.length > 0 &&
        holder.providerData.every((p) => p.providerId === "google.com");
      if (holder && !madeByStandIn) throw new IdentityError("EMAIL_EXISTS");
    }
  }

  /** Ends every session of the user: session cookies checked with `checkRevoked` stop working. */
  async revokeSessions(uid: string): Promise<void> {
    await this.admin.revokeRefreshTokens(uid);
  }

  /**
   * The person left (decision 022): their sessions end and the account is deleted, so no token of
   * theirs is anybody any more, in this process at once (the remembered account read goes too).
   * An account already gone is not an error: a retry after a half-finished departure must succeed.
   */
  async deleteAccount(uid: string): Promise<void> {
    const gone = (e: unknown) => (e as { code?: string }).code === "auth/user-not-found";
    try {
      await this.admin.revokeRefreshTokens(uid);
      await this.admin.deleteUser(uid);
    } catch (e) {
      if (!gone(e)) throw e;
    } finally {
      this.accounts.delete(uid);
    }
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

/** fetch's error when a reused idle connection was closed by the other side before it answered. */
function closedIdle(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET";
}
