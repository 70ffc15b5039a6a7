-- One background queue (decision 053): saved-search alerts, web push and housekeeping become kinds
-- of the jobs table beside the tours' and imports' jobs. A row of the queue's own kinds is about no
-- other row, and a recurring kind's row stands for one period (slot), once: the unique index lets
-- one instance alone queue a period's round, which replaces housekeeping_runs' claim of the hour.
DROP TABLE "housekeeping_runs" CASCADE;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "subject_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "slot" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_slot_idx" ON "jobs" USING btree ("kind","slot");
