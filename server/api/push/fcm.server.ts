// The sending side of web push: firebase-admin's messaging, with credentials from the environment.
import { readFileSync } from "node:fs";
import { applicationDefault, cert, getApps, initializeApp, type ServiceAccount } from "firebase-admin/app";
import { getMessaging, type Messaging } from "firebase-admin/messaging";
import type { Env } from "../../runtime/env.server";

/** What the dispatcher needs of firebase-admin's Messaging (tests may hand in their own). */
export type PushSender = Pick<Messaging, "send">;

/**
 * Messaging signed in as this service account (its JSON, parsed). An app of its own, apart from the
 * one that verifies sign-ins: that one may point at the auth emulator, and needs no credentials.
 */
export function messagingFor(account: ServiceAccount & { project_id?: string }): Messaging {
  const projectId = account.projectId ?? account.project_id;
  const name = `souq-push-${projectId}`;
  const app =
    getApps().find((a) => a.name === name) ?? initializeApp({ credential: cert(account), projectId }, name);
  return getMessaging(app);
}

/** Messaging as configured (FIREBASE_SERVICE_ACCOUNT, else GOOGLE_APPLICATION_CREDENTIALS), or null: push is off. */
export function messagingFromEnv(e: Env): Messaging | null {
  const source = e.FIREBASE_SERVICE_ACCOUNT?.trim();
  if (source) return messagingFor(JSON.parse(source.startsWith("{") ? source : readFileSync(source, "utf8")));
  if (!e.GOOGLE_APPLICATION_CREDENTIALS) return null;
  const name = `souq-push-${e.FIREBASE_PROJECT_ID}`;
  const app =
    getApps().find((a) => a.name === name) ??
    initializeApp({ credential: applicationDefault(), projectId: e.FIREBASE_PROJECT_ID }, name);
  return getMessaging(app);
}
