// What each kind of the queue does: one map for every kind of queue.ts's KINDS, so a kind added
// there without its work here does not compile.
import type { Database, DatabaseHandle } from "../db/client.server";
import type { AuthService } from "../auth/firebase.server";
import type { FileStorage } from "../media/storage.server";
import type { ApiDeps } from "../api/context";
import type { Mailer } from "../api/contact/mailer";
import type { PushSender } from "../api/push/fcm.server";
import { prepareVideo } from "../api/tours/video";
import { buildModel } from "../api/tours/model-job";
import { runImport } from "../api/imports/service";
import { matchPendingEvents } from "../api/saved-searches/worker";
import { runDigests } from "../api/saved-searches/digest";
import { pushPending } from "../api/push/send";
import { notifyExpiringPackages } from "../api/packages/expiry";
import { pruneChatEvents } from "../api/chat/service";
import { pruneListingEvents } from "../api/saved-searches/events";
import { pruneJobs, type JobKind, type JobRow, type JobTools } from "./queue";

/** What the work may use: the server's parts, those a worker was started with. */
export interface JobDeps {
  db: Database;
  listen?: DatabaseHandle["listen"];
  auth?: AuthService;
  storage?: FileStorage;
  mailer?: Mailer | null;
  /** Web push's sender; without one, push is off and its rows end at once. */
  messaging?: PushSender | null;
  /** This site's public origin, for links in pushes and emails. */
  origin?: string | null;
}

export type JobHandler = (job: JobRow, deps: JobDeps, tools: JobTools) => Promise<Record<string, unknown>>;

type ApiWork = (job: JobRow, deps: ApiDeps, tools: JobTools) => Promise<Record<string, unknown>>;

/** Work on files and accounts needs the storage and the identity service (every server has them). */
const withApiParts =
  (work: ApiWork): JobHandler =>
  (job, deps, tools) => {
    const { auth, storage } = deps;
    if (!auth || !storage) throw new Error(`${job.kind} needs the file storage and the identity service`);
    return work(job, { ...deps, auth, storage }, tools);
  };

export const HANDLERS: Record<JobKind, JobHandler> = {
  "tour-video": withApiParts(prepareVideo),
  "tour-model": withApiParts(buildModel),
  "listing-import": withApiParts(runImport),
  alerts: (_job, deps, tools) => matchPendingEvents(deps.db, tools.log),
  push: (_job, deps, tools) => pushPending(deps, tools.log),
  "alert-digests": async (_job, deps, tools) => ({
    ...(await runDigests(deps.db, { mailer: deps.mailer, origin: deps.origin ?? undefined, log: tools.log })),
  }),
  "package-expiry": async (_job, deps) => ({ notified: await notifyExpiringPackages(deps.db) }),
  "prune-chat-events": async (_job, deps) => ({ removed: await pruneChatEvents(deps.db) }),
  "prune-listing-events": async (_job, deps) => {
    await pruneListingEvents(deps.db);
    return {};
  },
  "prune-jobs": async (_job, deps) => {
    await pruneJobs(deps.db);
    return {};
  },
};
