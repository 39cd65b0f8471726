-- The staff's check-ins to review are ordered by submitted_at, then id: with id in the
-- index too, the first ten are read in order, not every waiting check-in sorted.
DROP INDEX "check_ins_waiting_idx";--> statement-breakpoint
CREATE INDEX "check_ins_waiting_idx" ON "check_ins" USING btree ("submitted_at","id") WHERE "check_ins"."reviewed_at" is null;