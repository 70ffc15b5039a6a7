// The background queue: every piece of work the server does apart from a request is a row of `jobs`
// (a tour's video, its 3D model, an import; matching listing events against saved searches; web
// push; the digests and the hourly housekeeping). A row outlives a restart and is done once across
// processes: a worker claims it in a short transaction (FOR UPDATE SKIP LOCKED) and sets a lease;
// the work runs outside any transaction (PGlite has one connection, and a minute-long transaction
// would stop every other request); a lease that runs out because its process died lets another
// worker take the row again. One channel wakes the workers (QUEUE_CHANNEL), one lease and one retry
// policy hold for every kind, and `waiting` tells what is there (the metrics read it).
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";

/**
 * What the queue knows of each kind, in one place:
 * - `lane`: kinds of one lane run one at a time in a process (a video transcode already uses the
 *   machine's cores, so the media kinds share one); a kind without one is a lane of its own, so a
 *   long transcode never holds up a push;
 * - `coalesce`: a row only says "there is work" (pending listing events, notifications not yet
 *   pushed); the handler does all of it, so a claim takes every other queued row of the kind with it;
 * - `delaySeconds`: how long after its commit a row falls due (a burst of events is matched in one go);
 * - `everySeconds`: a recurring kind, one row per period (its slot), claimed once across instances
 *   (schedule.ts).
 */
export const KINDS = {
  "tour-video": { lane: "media" },
  "tour-model": { lane: "media" },
  "listing-import": { lane: "media" },
  alerts: { coalesce: true, delaySeconds: 3 },
  push: { coalesce: true },
  "alert-digests": { everySeconds: 10 * 60 },
  "package-expiry": { lane: "housekeeping", everySeconds: 60 * 60 },
  "prune-chat-events": { lane: "housekeeping", everySeconds: 60 * 60 },
  "prune-listing-events": { lane: "housekeeping", everySeconds: 60 * 60 },
  "prune-jobs": { lane: "housekeeping", everySeconds: 60 * 60 },
} satisfies Record<string, KindPolicy>;

export interface KindPolicy {
  lane?: string;
  coalesce?: boolean;
  delaySeconds?: number;
  everySeconds?: number;
}

export type JobKind = keyof typeof KINDS;
export type JobStatus = "queued" | "processing" | "ready" | "failed";

export const JOB_KINDS = Object.keys(KINDS) as JobKind[];
export const policyOf = (kind: JobKind): KindPolicy => KINDS[kind];
export const laneOf = (kind: JobKind) => policyOf(kind).lane ?? kind;
export const RECURRING_KINDS = JOB_KINDS.filter((k) => policyOf(k).everySeconds);

/** The one LISTEN/NOTIFY channel that wakes the workers when a row's transaction commits (payload: its kind). */
export const QUEUE_CHANNEL = "souq_queue";

/** How long a claim holds before another worker may take the row; the running worker renews it. */
export const LEASE_SECONDS = 120;

export type JobRow = {
  id: number;
  kind: JobKind;
  /** The row the job is about (a tour, an import); none for the queue's own kinds. */
  subject_id: number | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  error: string | null;
  result: Record<string, unknown> | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

/** A failure the person who asked should read as it is (a clip too long, a page without a price). */
export class JobFailure extends Error {}

/** What a kind's work may use besides its row. */
export interface JobTools {
  /** Says the worker is still alive (long steps call it now and then). */
  heartbeat(): Promise<void>;
  signal: AbortSignal;
  log: Pick<Console, "warn">;
}

/** The row a job of a kind about a row is about (a tour's, an import's). */
export function subjectOf(job: Pick<JobRow, "id" | "subject_id">): number {
  if (job.subject_id === null) throw new Error(`Job ${job.id} names no subject`);
  return job.subject_id;
}

/**
 * Queues a job inside the caller's transaction: it exists exactly when the change that asked for it
 * does, and the workers hear of it when that transaction commits.
 */
export async function enqueueJob(
  tx: Executor,
  job: {
    kind: JobKind;
    subject_id?: number | null;
    payload?: Record<string, unknown>;
    created_by?: number | null;
    max_attempts?: number;
    /** Falls due this long after now (the kind's own delay otherwise). */
    delaySeconds?: number;
  },
): Promise<number> {
  const delay = job.delaySeconds ?? policyOf(job.kind).delaySeconds ?? 0;
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into jobs (kind, subject_id, payload, created_by, max_attempts, run_after)
    values (${job.kind}, ${job.subject_id ?? null}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.created_by ?? null}, ${job.max_attempts ?? 3},
      now() + make_interval(secs => ${delay}))
    returning id`);
  await tx.execute(sql`select pg_notify(${QUEUE_CHANNEL}, ${job.kind})`);
  return Number(rows[0]!.id);
}

/**
 * A row for each of these kinds unless one is already queued: what a process starting up asks of
 * the kinds that look for their own work (events or notifications written before any row stood for
 * them, or whose row gave up).
 */
export async function enqueueUnlessQueued(db: Executor, kinds: readonly JobKind[]) {
  if (!kinds.length) return;
  await db.execute(sql`
    insert into jobs (kind)
    select k from unnest(${sql.param([...kinds])}::text[]) as k
    where not exists (select 1 from jobs where kind = k and status = 'queued')`);
}

/** The newest job of a kind for a subject (the tour's current model build, say). */
export async function latestJob(db: Executor, kind: JobKind, subjectId: number): Promise<JobRow | null> {
  const { rows } = await db.execute<JobRow>(sql`
    select id, kind, subject_id, payload, status, attempts, max_attempts, error, result, created_at, started_at, finished_at
    from jobs where kind = ${kind} and subject_id = ${subjectId} order by id desc limit 1`);
  return rows[0] ? normalise(rows[0]) : null;
}

function normalise(row: JobRow): JobRow {
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return {
    ...row,
    id: Number(row.id),
    subject_id: row.subject_id == null ? null : Number(row.subject_id),
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

/**
 * Takes the next due job of the given kinds: a queued one, or one whose worker's lease ran out.
 * A job that has used all its attempts is marked failed instead of being taken again. A coalescing
 * kind's claim also removes the kind's other queued rows: every one of them was committed, so the
 * work it stands for is there for this run to see.
 */
export async function claimJob(
  db: Executor,
  kinds: readonly JobKind[],
  worker: string,
): Promise<JobRow | "spent" | null> {
  if (!kinds.length) return null;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<JobRow>(sql`
      select id, kind, subject_id, payload, status, attempts, max_attempts, error, result, created_at, started_at, finished_at
      from jobs
      where status in ('queued', 'processing') and run_after <= now()
        and (status = 'queued' or lease_until < now())
        and kind = any(${sql.param([...kinds])}::text[])
      order by run_after, id limit 1 for update skip locked`);
    const row = rows[0];
    if (!row) return null;
    if (Number(row.attempts) >= Number(row.max_attempts)) {
      await tx.execute(sql`
        update jobs set status = 'failed', error = coalesce(error, 'The work stopped before it finished'), lease_until = null, finished_at = now(), updated_at = now()
        where id = ${row.id}`);
      // Not a job to run, but there may be others due: the caller goes on looking.
      return "spent" as const;
    }
    if (policyOf(row.kind).coalesce)
      await tx.execute(sql`
        delete from jobs where id in (
          select id from jobs where kind = ${row.kind} and status = 'queued' and id <> ${row.id} for update skip locked)`);
    await tx.execute(sql`
      update jobs set status = 'processing', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${LEASE_SECONDS}),
        started_at = coalesce(started_at, now()), updated_at = now(), payload = jsonb_set(payload, '{worker}', to_jsonb(${worker}::text))
      where id = ${row.id}`);
    return normalise({ ...row, status: "processing", attempts: Number(row.attempts) + 1 });
  }) as Promise<JobRow | "spent" | null>;
}

/**
 * The running worker still holds the job. False when it no longer does (its lease ran out and
 * another worker took the job, or it was replaced): the work should stop.
 */
export async function renewLease(db: Executor, job: Pick<JobRow, "id" | "attempts">): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update jobs set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where id = ${job.id} and status = 'processing' and attempts = ${job.attempts} returning id`);
  return rows.length > 0;
}

/** Every change of a running job names its attempt: a worker whose lease lapsed cannot overwrite the one that took over. */
const stillHeld = (job: Pick<JobRow, "id" | "attempts">) =>
  sql`id = ${job.id} and status = 'processing' and attempts = ${job.attempts}`;

export async function finishJob(
  db: Executor,
  job: Pick<JobRow, "id" | "attempts">,
  result: Record<string, unknown>,
) {
  await db.execute(sql`
    update jobs set status = 'ready', result = ${JSON.stringify(result)}::jsonb, error = null, lease_until = null, finished_at = now(), updated_at = now()
    where ${stillHeld(job)}`);
}

/** Waits before another try: 15 s after the first failure, 30 s after the second… */
const RETRY_STEP_SECONDS = 15;

/**
 * A failure: for good when the job said why in words (JobFailure) or used its attempts, otherwise
 * queued again a little later (a passing fault: a lost connection, a full disk freed since).
 */
export async function failJob(
  db: Executor,
  job: Pick<JobRow, "id" | "attempts" | "max_attempts">,
  error: unknown,
) {
  const final = error instanceof JobFailure || job.attempts >= job.max_attempts;
  const message =
    error instanceof JobFailure ? error.message : "The work could not be finished. Please try again later";
  if (final) {
    await db.execute(sql`
      update jobs set status = 'failed', error = ${message}, lease_until = null, finished_at = now(), updated_at = now() where ${stillHeld(job)}`);
  } else {
    await db.execute(sql`
      update jobs set status = 'queued', error = ${message}, lease_until = null, run_after = now() + make_interval(secs => ${RETRY_STEP_SECONDS * job.attempts}), updated_at = now()
      where ${stillHeld(job)}`);
  }
  return final;
}

/**
 * When the next row of these kinds falls due, kind by kind, in seconds from now (zero or less: due
 * now). A running row counts from its lease's end: that is when another worker may take it.
 */
export async function dueIn(db: Executor, kinds: readonly JobKind[]): Promise<Map<JobKind, number>> {
  if (!kinds.length) return new Map();
  const { rows } = await db.execute<{ kind: JobKind; seconds: number | string }>(sql`
    select kind, extract(epoch from min(case when status = 'queued' then run_after else coalesce(lease_until, now()) end) - now())::float8 as seconds
    from jobs where status in ('queued', 'processing') and kind = any(${sql.param([...kinds])}::text[])
    group by kind`);
  return new Map(rows.map((r) => [r.kind, Number(r.seconds)]));
}

/** How a row that is not finished stands: running, due and waiting, or waiting for its time. */
export type WaitingStatus = "processing" | "queued" | "scheduled";

/** What the queue holds that is not finished, by kind and how it stands (the metrics report it). */
export async function waiting(
  db: Executor,
): Promise<{ kind: JobKind; status: WaitingStatus; count: number }[]> {
  const { rows } = await db.execute<{ kind: JobKind; status: WaitingStatus; n: number }>(sql`
    select kind,
      case when status = 'processing' then 'processing' when run_after <= now() then 'queued' else 'scheduled' end as status,
      count(*)::int as n
    from jobs where status in ('queued', 'processing') group by 1, 2`);
  return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.n) }));
}

/** Rows due and waiting to be taken, every kind together. */
export async function dueCount(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from jobs where status = 'queued' and run_after <= now()`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Finished rows are history: a month of the jobs people asked for (a tour's video, an import), a
 * week of the queue's own rounds (alerts, push, the recurring kinds), which nobody asked for by name.
 */
export async function pruneJobs(db: Executor) {
  const own = JOB_KINDS.filter((k) => policyOf(k).coalesce || policyOf(k).everySeconds);
  await db.execute(sql`
    delete from jobs where status in ('ready', 'failed')
      and finished_at < now() - case when kind = any(${sql.param(own)}::text[]) then interval '7 days' else interval '30 days' end`);
}
