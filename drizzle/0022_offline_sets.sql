ALTER TABLE "set_logs" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "set_logs_user_client_key_idx" ON "set_logs" USING btree ("user_id","client_key");