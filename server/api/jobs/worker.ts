// The job worker, in every server process: woken by NOTIFY when a job is queued, with a slow poll
// as a safety net, it runs one job at a time (a video transcode already uses the machine's cores)
// and renews the job's lease while it works.
import { hostname } from "node:os";
import type { ApiDeps } from "../context";
import { describeError } from "../../db/unavailable";
import {
  claimJob,
  failJob,
  finishJob,
  JobFailure,
  JOBS_CHANNEL,
  renewLease,
  type JobKind,
  type JobRow,
} from "./queue";

export interface JobTools {
  /** Says the worker is still alive (long steps call it now and then). */
  heartbeat(): Promise<void>;
  signal: AbortSignal;
}

export type JobHandler = (job: JobRow, deps: ApiDeps, tools: JobTools) => Promise<Record<string, unknown>>;

const handlers = new Map<JobKind, JobHandler>();

/** Each feature registers what its kind of job does (tours, imports). */
export function registerJobHandler(kind: JobKind, handler: JobHandler) {
  handlers.set(kind, handler);
}

const WORKER_ID = `${hostname()}:${process.pid}`;
/** The longest any job may run (a five-minute video on a slow machine takes a few minutes). */
const MAX_JOB_MS = 30 * 60_000;

/**
 * Runs due jobs until none is left (or `max` ran). Tests call it directly to run what their calls
 * queued; the worker below calls it when woken. Returns the jobs it ran.
 */
export async function runDueJobs(
  deps: ApiDeps,
  options: { max?: number; kinds?: readonly JobKind[]; log?: Pick<Console, "warn"> } = {},
): Promise<JobRow[]> {
  const log = options.log ?? console;
  const ran: JobRow[] = [];
  const kinds = options.kinds ?? [...handlers.keys()];
  while (ran.length < (options.max ?? Number.POSITIVE_INFINITY)) {
    const job = await claimJob(deps.db, kinds, WORKER_ID);
    if (job === "spent") continue;
    if (!job) break;
    ran.push(job);
    const handler = handlers.get(job.kind)!;
    const abort = new AbortController();
    // The lease is renewed while the work goes on; lost (another worker took the job), the work stops.
    const keep = async () => {
      if (!(await renewLease(deps.db, job)))
        abort.abort(new Error("The job was taken over by another worker"));
    };
    const renew = setInterval(() => void keep().catch(() => {}), 30_000);
    renew.unref();
    // No job runs for ever: a transcode has its own limit well inside this one.
    const limit = setTimeout(() => abort.abort(new Error("The job took too long")), MAX_JOB_MS);
    limit.unref();
    try {
      const result = await handler(job, deps, { heartbeat: keep, signal: abort.signal });
      await finishJob(deps.db, job, result);
    } catch (error) {
      const final = await failJob(deps.db, job, error);
      // A failure told in words (JobFailure) is the asker's business; anything else is ours to read.
      if (!(error instanceof JobFailure)) {
        const what = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log.warn(`Job ${job.id} (${job.kind}) failed${final ? "" : " and will be tried again"}: ${what}`);
      }
    } finally {
      clearInterval(renew);
      clearTimeout(limit);
      abort.abort();
    }
  }
  return ran;
}

export interface JobWorker {
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export function startJobWorker(
  deps: ApiDeps,
  options: { pollMs?: number; log?: Pick<Console, "warn"> } = {},
): JobWorker {
  const log = options.log ?? console;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let stopListening: (() => Promise<void>) | null = null;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDueJobs(deps, { log })
      .then(() => undefined)
      // The cause, not Drizzle's "Failed query: <statement>" (the database may simply be away).
      .catch((error) => log.warn(`Jobs: ${describeError(error)}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  if (deps.listen) {
    deps
      .listen(JOBS_CHANNEL, run, run)
      .then((stop) => {
        if (stopped) void stop();
        else stopListening = stop;
      })
      .catch((error) =>
        log.warn(
          `Jobs: not listening (${error instanceof Error ? error.message : String(error)}); polling instead`,
        ),
      );
  }
  // The poll also picks up jobs whose worker died (their lease ran out) and retries that fell due.
  const poll = setInterval(run, options.pollMs ?? 15_000);
  const first = setTimeout(run, 2_000);
  poll.unref();
  first.unref();
  return {
    async settled() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(first);
      await stopListening?.();
      while (running) await running;
    },
  };
}
