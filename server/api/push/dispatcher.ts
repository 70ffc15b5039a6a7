// A worker of the background queue that takes web push alone: what a process that only pushed
// would run. The server's own worker takes push with every other kind (server/runtime/runtime.server.ts);
// this one lets the tests start two "processes" on one database and see each notification sent once.
import type { Database, DatabaseHandle } from "../../db/client.server";
import { startQueueWorker, type QueueWorker } from "../../queue/worker";
import type { PushSender } from "./fcm.server";

export interface PushDispatcherOptions {
  db: Database;
  listen: DatabaseHandle["listen"];
  messaging: PushSender;
  /** This site's public https origin: a pushed notification then opens its page when clicked. */
  origin?: string | null;
  log?: Pick<Console, "warn">;
}

export type PushDispatcher = QueueWorker;

export function startPushDispatcher(options: PushDispatcherOptions): Promise<PushDispatcher> {
  const { log, ...deps } = options;
  return startQueueWorker(deps, { kinds: ["push"], firstAfterMs: 0, log });
}
