// The queue's worker, one per process that does background work: it listens on the one channel,
// looks (one query) which kinds have rows due, and runs each lane's due rows, one at a time per
// lane, renewing the lease while it works. A timer wakes it when the next row falls due (a retry,
// a delayed alert, the next recurring round), and a slow poll is the safety net for a notice lost
// while the listening connection was down and for rows whose worker died (their lease ran out).
import { hostname } from "node:os";
import { describeError } from "../db/unavailable";
import { logger } from "../observability/log";
import { HANDLERS, type JobDeps } from "./handlers";
import {
  claimJob,
  dueIn,
  enqueueUnlessQueued,
  failJob,
  finishJob,
  JOB_KINDS,
  JobFailure,
  laneOf,
  policyOf,
  QUEUE_CHANNEL,
  renewLease,
  type JobKind,
  type JobRow,
} from "./queue";
import { ensureSchedule, scheduleNext } from "./schedule";

type Log = Pick<Console, "warn">;

/** The server's log, for a worker not given another (tests hand in theirs). */
const serverLog: Log = { warn: (message: string) => logger().warn(message) };

const WORKER_ID = `${hostname()}:${process.pid}`;
/** The longest any job may run (a five-minute video on a slow machine takes a few minutes). */
const MAX_JOB_MS = 30 * 60_000;
/** How often a running job's lease is renewed (a third of the lease). */
const RENEW_MS = 30_000;

/**
 * Runs due jobs of the given kinds until none is left (or `max` ran). Tests call it directly to run
 * what their calls queued; the worker below calls it for each lane when woken. Returns the jobs it
 * ran.
 */
export async function runDueJobs(
  deps: JobDeps,
  options: { max?: number; kinds?: readonly JobKind[]; log?: Log; worker?: string } = {},
): Promise<JobRow[]> {
  const log = options.log ?? serverLog;
  const ran: JobRow[] = [];
  const kinds = options.kinds ?? JOB_KINDS;
  while (ran.length < (options.max ?? Number.POSITIVE_INFINITY)) {
    const job = await claimJob(deps.db, kinds, options.worker ?? WORKER_ID);
    if (job === "spent") continue;
    if (!job) break;
    ran.push(job);
    const abort = new AbortController();
    // The lease is renewed while the work goes on; lost (another worker took the job), the work stops.
    const keep = async () => {
      if (!(await renewLease(deps.db, job)))
        abort.abort(new Error("The job was taken over by another worker"));
    };
    const renew = setInterval(() => void keep().catch(() => {}), RENEW_MS);
    renew.unref();
    // No job runs for ever: a transcode has its own limit well inside this one.
    const limit = setTimeout(() => abort.abort(new Error("The job took too long")), MAX_JOB_MS);
    limit.unref();
    let ended = true;
    try {
      const result = await HANDLERS[job.kind](job, deps, { heartbeat: keep, signal: abort.signal, log });
      await finishJob(deps.db, job, result);
    } catch (error) {
      ended = await failJob(deps.db, job, error);
      // A failure told in words (JobFailure) is the asker's business; anything else is ours to read.
      if (!(error instanceof JobFailure)) {
        const what = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log.warn(`Job ${job.id} (${job.kind}) failed${ended ? "" : " and will be tried again"}: ${what}`);
      }
    } finally {
      clearInterval(renew);
      clearTimeout(limit);
      abort.abort();
    }
    // A recurring round that ended, done or given up, queues the next one.
    if (ended && policyOf(job.kind).everySeconds) await scheduleNext(deps.db, job.kind);
  }
  return ran;
}

export interface QueueWorker {
  /** Resolves once the work under way (and any it led to that was due) has finished (tests). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueWorkerOptions {
  /** The kinds this worker takes; every kind by default. */
  kinds?: readonly JobKind[];
  /** The first look after start (a process that starts does not add to its start's work). */
  firstAfterMs?: number;
  /** The safety-net poll. */
  pollMs?: number;
  log?: Log;
}

/** How often a worker makes sure every recurring kind has its current round queued. */
const ENSURE_EVERY_MS = 60_000;

/**
 * Starts the worker; resolves once it listens (or was told it cannot, and polls instead), so a row
 * committed after that is heard of.
 */
export async function startQueueWorker(
  deps: JobDeps,
  options: QueueWorkerOptions = {},
): Promise<QueueWorker> {
  const log = options.log ?? serverLog;
  const kinds = options.kinds ?? JOB_KINDS;
  const pollMs = options.pollMs ?? 15_000;
  let stopped = false;
  let stopListening: (() => Promise<void>) | null = null;
  let ensuredAt = 0;

  // Each lane: its kinds, the run under way, and whether it was asked again meanwhile.
  const lanes = new Map<string, { kinds: JobKind[]; running: Promise<void> | null; again: boolean }>();
  for (const kind of kinds) {
    const lane = lanes.get(laneOf(kind)) ?? { kinds: [], running: null, again: false };
    lane.kinds.push(kind);
    lanes.set(laneOf(kind), lane);
  }
  const laneOfKind = new Map(kinds.map((k) => [k, lanes.get(laneOf(k))!]));

  const runLane = (lane: typeof lanes extends Map<string, infer L> ? L : never) => {
    if (stopped) return;
    if (lane.running) {
      lane.again = true;
      return;
    }
    let failed = false;
    lane.running = runDueJobs(deps, { kinds: lane.kinds, log })
      .then(() => undefined)
      // The cause, not Drizzle's "Failed query: <statement>" (the database may simply be away).
      .catch((error) => {
        failed = true;
        log.warn(`Background queue: ${describeError(error)}`);
      })
      .finally(() => {
        lane.running = null;
        // After a failure of the queue itself (not of a job), the poll tries again: not at once.
        if (failed) {
          lane.again = false;
          return;
        }
        if (lane.again) {
          lane.again = false;
          runLane(lane);
        }
        // What the run left for later (a retry, the next round) sets the timer.
        look();
      });
  };

  // One look at a time; a wake-up during one asks for another after it.
  let looking: Promise<void> | null = null;
  let lookAgain = false;
  let next: NodeJS.Timeout | null = null;
  const look = () => {
    if (stopped) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = (async () => {
      if (Date.now() - ensuredAt >= ENSURE_EVERY_MS) {
        await ensureSchedule(deps.db, kinds);
        ensuredAt = Date.now();
      }
      const due = await dueIn(deps.db, kinds);
      let soonest = Number.POSITIVE_INFINITY;
      for (const [kind, seconds] of due) {
        const lane = laneOfKind.get(kind);
        if (!lane) continue;
        if (seconds <= 0) runLane(lane);
        else if (!lane.running) soonest = Math.min(soonest, seconds);
      }
      if (next) clearTimeout(next);
      next = null;
      // Later than the poll, the poll will see to it.
      if (soonest * 1000 < pollMs && !stopped) {
        next = setTimeout(look, Math.ceil(soonest * 1000) + 20);
        next.unref();
      }
    })()
      .catch((error) => log.warn(`Background queue: ${describeError(error)}`))
      .finally(() => {
        looking = null;
        if (lookAgain) {
          lookAgain = false;
          look();
        }
      });
  };

  if (deps.listen) {
    try {
      stopListening = await deps.listen(QUEUE_CHANNEL, look, look);
    } catch (error) {
      log.warn(`Background queue: not listening (${describeError(error)}); polling instead`);
    }
  }
  // The kinds that look for their own work catch up on what was written while no process ran.
  const coalescing = kinds.filter((k) => policyOf(k).coalesce);
  const start = () =>
    enqueueUnlessQueued(deps.db, coalescing)
      .catch((error) => log.warn(`Background queue: ${describeError(error)}`))
      .then(look);
  const poll = setInterval(look, pollMs);
  poll.unref();
  let first: NodeJS.Timeout | null = null;
  let starting: Promise<void> | null = null;
  if (options.firstAfterMs === 0) starting = start();
  else {
    first = setTimeout(() => void (starting = start()), options.firstAfterMs ?? 2_000);
    first.unref();
  }

  const settled = async () => {
    for (;;) {
      const busy = [starting, looking, ...[...lanes.values()].map((l) => l.running)].filter(Boolean);
      if (!busy.length) return;
      starting = null;
      await Promise.all(busy);
    }
  };
  return {
    settled,
    async stop() {
      stopped = true;
      clearInterval(poll);
      for (const t of [first, next]) if (t) clearTimeout(t);
      await stopListening?.();
      await settled();
    },
  };
}
