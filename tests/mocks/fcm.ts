// A stand-in for Firebase Cloud Messaging's HTTP v1 API and Google's OAuth token endpoint, which
// firebase-admin calls to send a message: a throw-away service account (its RSA key made here) signs
// a JWT, the token endpoint checks the signature and hands out an access token, and
// https://fcm.googleapis.com/v1/projects/<project>/messages:send takes messages with it.
// Tokens decide the answer: "unregistered-…" is UNREGISTERED (404), "broken-…" a server error (500),
// anything else is delivered. Every request that reached messages:send is kept in `sent`.
import { generateKeyPairSync, randomUUID, verify } from "node:crypto";
import { http, HttpResponse } from "msw";

const TOKEN_URL = "https://oauth2.googleapis.com/token";

export interface SentMessage {
  token: string;
  notification?: { title?: string; body?: string };
  data?: Record<string, string>;
  webpush?: { fcmOptions?: { link?: string } };
}

const fcmError = (status: number, statusText: string, message: string, errorCode?: string) =>
  HttpResponse.json(
    {
      error: {
        code: status,
        message,
        status: statusText,
        details: errorCode
          ? [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }]
          : [],
      },
    },
    { status },
  );

export function fcmMock(options: { projectId?: string } = {}) {
  const projectId = options.projectId ?? `souq-push-test-${randomUUID().slice(0, 8)}`;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const serviceAccount = {
    type: "service_account",
    project_id: projectId,
    private_key_id: randomUUID(),
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: `push@${projectId}.iam.gserviceaccount.com`,
    client_id: "1",
    token_uri: TOKEN_URL,
  };
  const accessTokens = new Set<string>();
  const state = { sent: [] as SentMessage[], tokenRequests: 0 };

  /** A JWT signed with our service account's key, for this account, not expired. */
  const validAssertion = (jwt: string) => {
    const [header, payload, signature] = jwt.split(".");
    if (!header || !payload || !signature) return false;
    const ok = verify(
      "RSA-SHA256",
      Buffer.from(`${header}.${payload}`),
      publicKey,
      Buffer.from(signature, "base64url"),
    );
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { iss?: string; exp?: number };
    return ok && claims.iss === serviceAccount.client_email && (claims.exp ?? 0) * 1000 > Date.now();
  };

  const handlers = [
    http.post(TOKEN_URL, async ({ request }) => {
      state.tokenRequests += 1;
      const form = new URLSearchParams(await request.text());
      if (
        form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer" ||
        !validAssertion(form.get("assertion") ?? "")
      ) {
        return HttpResponse.json(
          { error: "invalid_grant", error_description: "Invalid JWT Signature." },
          { status: 400 },
        );
      }
      const token = `ya29.stand-in-${randomUUID()}`;
      accessTokens.add(token);
      return HttpResponse.json({ access_token: token, expires_in: 3599, token_type: "Bearer" });
    }),
    http.post(`https://fcm.googleapis.com/v1/projects/${projectId}/messages:send`, async ({ request }) => {
      const bearer = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
      if (!accessTokens.has(bearer))
        return fcmError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
      const body = (await request.json().catch(() => null)) as { message?: SentMessage } | null;
      const message = body?.message;
      if (!message?.token)
        return fcmError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.", "INVALID_ARGUMENT");
      const link = message.webpush?.fcmOptions?.link;
      if (link !== undefined && !link.startsWith("https://"))
        return fcmError(400, "INVALID_ARGUMENT", "Invalid link: must be HTTPS.", "INVALID_ARGUMENT");
      state.sent.push(message);
      if (message.token.startsWith("unregistered-"))
        return fcmError(404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED");
      if (message.token.startsWith("broken-"))
        return fcmError(500, "INTERNAL", "Internal error encountered.", "INTERNAL");
      return HttpResponse.json({
        name: `projects/${projectId}/messages/${Date.now()}${Math.floor(Math.random() * 1000)}`,
      });
    }),
  ];

  return { projectId, serviceAccount, handlers, state };
}
