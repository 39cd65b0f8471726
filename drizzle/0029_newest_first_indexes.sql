-- Decision 0182: an index written newest first is DESC NULLS FIRST, the order a plain
-- ORDER BY … DESC asks for. Written DESC NULLS LAST, it could not give that order: each
-- page read every row of the member and sorted them, for LIMIT 1 as for LIMIT 10.
DROP INDEX "articles_visible_idx";--> statement-breakpoint
DROP INDEX "articles_category_idx";--> statement-breakpoint
DROP INDEX "articles_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_at_idx";--> statement-breakpoint
DROP INDEX "billing_checkouts_member_idx";--> statement-breakpoint
DROP INDEX "billing_payments_member_idx";--> statement-breakpoint
DROP INDEX "billing_payments_created_idx";--> statement-breakpoint
DROP INDEX "member_plans_member_idx";--> statement-breakpoint
DROP INDEX "check_ins_user_week_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_created_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_status_created_idx";--> statement-breakpoint
DROP INDEX "nutrition_documents_category_idx";--> statement-breakpoint
DROP INDEX "nutrition_documents_created_idx";--> statement-breakpoint
DROP INDEX "invitations_created_idx";--> statement-breakpoint
DROP INDEX "content_items_type_idx";--> statement-breakpoint
DROP INDEX "content_items_visible_idx";--> statement-breakpoint
DROP INDEX "data_exports_recipient_idx";--> statement-breakpoint
DROP INDEX "erasure_reports_at_idx";--> statement-breakpoint
DROP INDEX "programs_member_idx";--> statement-breakpoint
DROP INDEX "programs_template_idx";--> statement-breakpoint
DROP INDEX "program_assignments_source_idx";--> statement-breakpoint
DROP INDEX "progress_photos_user_date_idx";--> statement-breakpoint
DROP INDEX "fitness_goals_user_idx";--> statement-breakpoint
DROP INDEX "progress_entries_user_kind_date_idx";--> statement-breakpoint
DROP INDEX "uploads_created_idx";--> statement-breakpoint
DROP INDEX "set_logs_user_exercise_date_idx";--> statement-breakpoint
DROP INDEX "workouts_user_date_idx";--> statement-breakpoint
DROP INDEX "workouts_under_way_idx";--> statement-breakpoint
CREATE INDEX "articles_visible_idx" ON "articles" USING btree ("published","members_only","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "billing_checkouts_member_idx" ON "billing_checkouts" USING btree ("member_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "billing_payments_member_idx" ON "billing_payments" USING btree ("member_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "billing_payments_created_idx" ON "billing_payments" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "member_plans_member_idx" ON "member_plans" USING btree ("member_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_user_week_idx" ON "check_ins" USING btree ("user_id","week_of" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_submissions_status_created_idx" ON "contact_submissions" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "nutrition_documents_category_idx" ON "nutrition_documents" USING btree ("category","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "nutrition_documents_created_idx" ON "nutrition_documents" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "content_items_type_idx" ON "content_items" USING btree ("type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "content_items_visible_idx" ON "content_items" USING btree ("type","members_only","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_exports_recipient_idx" ON "data_exports" USING btree ("recipient_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "erasure_reports_at_idx" ON "erasure_reports" USING btree ("at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "programs_member_idx" ON "programs" USING btree ("member_id","start_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "programs_template_idx" ON "programs" USING btree ("is_template","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "program_assignments_source_idx" ON "program_assignments" USING btree ("source_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "progress_photos_user_date_idx" ON "progress_photos" USING btree ("user_id","taken_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fitness_goals_user_idx" ON "fitness_goals" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "progress_entries_user_kind_date_idx" ON "progress_entries" USING btree ("user_id","kind","recorded_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "set_logs_user_exercise_date_idx" ON "set_logs" USING btree ("user_id","exercise_id","performed_on" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workouts_user_date_idx" ON "workouts" USING btree ("user_id","performed_on" DESC NULLS FIRST,"started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workouts_under_way_idx" ON "workouts" USING btree ("user_id","started_at" DESC NULLS FIRST) WHERE "workouts"."finished_at" is null;