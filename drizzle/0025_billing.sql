CREATE TABLE "billing_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text,
	"product_id" text,
	"plan_id" text,
	"provider" text NOT NULL,
	"provider_checkout_id" text,
	"redirect_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"resource_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "billing_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text,
	"provider" text NOT NULL,
	"provider_mandate_id" text NOT NULL,
	"provider_customer_id" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text,
	"plan_id" text,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"provider_payment_id" text,
	"period_start" date,
	"period_end" date,
	"charge_date" date,
	"confirmed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"retried_at" timestamp with time zone,
	"recorded_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_amount_check" CHECK ("billing_payments"."amount_minor" > 0 and "billing_payments"."refunded_minor" between 0 and "billing_payments"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "billing_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price_minor" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"page" text DEFAULT 'none' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"interval_unit" text,
	"interval_count" integer,
	"term_weeks" integer,
	"instalments" integer,
	"credits" integer,
	"credit_kind" text,
	"credit_valid_days" integer,
	"class_access" text DEFAULT 'none' NOT NULL,
	"classes_per_week" integer DEFAULT 0 NOT NULL,
	"sessions_per_week" integer DEFAULT 0 NOT NULL,
	"program_template_id" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_products_price_check" CHECK ("billing_products"."price_minor" between 1 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "billing_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"payment_id" text,
	"member_id" text,
	"payer_name" text,
	"payer_email" text,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"vat_rate_basis_points" integer,
	"vat_minor" integer,
	"business_name" text NOT NULL,
	"business_address" text NOT NULL,
	"vat_number" text,
	"paid_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"provider_refund_id" text,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"plan_id" text,
	"payment_id" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_grants_total_check" CHECK ("credit_grants"."total" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "credit_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"grant_id" text NOT NULL,
	"member_id" text NOT NULL,
	"class_booking_id" text,
	"training_session_id" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text,
	"product_id" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"interval_unit" text,
	"interval_count" integer,
	"term_weeks" integer,
	"instalments" integer,
	"class_access" text DEFAULT 'none' NOT NULL,
	"classes_per_week" integer DEFAULT 0 NOT NULL,
	"sessions_per_week" integer DEFAULT 0 NOT NULL,
	"program_template_id" text,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"mandate_id" text,
	"provider_subscription_id" text,
	"starts_on" date,
	"paid_through" date,
	"ends_on" date,
	"cancel_requested_at" timestamp with time zone,
	"unpaid_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_plan_id_member_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."member_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_mandates" ADD CONSTRAINT "billing_mandates_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_plan_id_member_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."member_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_products" ADD CONSTRAINT "billing_products_program_template_id_programs_id_fk" FOREIGN KEY ("program_template_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_receipts" ADD CONSTRAINT "billing_receipts_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_receipts" ADD CONSTRAINT "billing_receipts_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_plan_id_member_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."member_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_uses" ADD CONSTRAINT "credit_uses_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_uses" ADD CONSTRAINT "credit_uses_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_uses" ADD CONSTRAINT "credit_uses_class_booking_id_class_bookings_id_fk" FOREIGN KEY ("class_booking_id") REFERENCES "public"."class_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_uses" ADD CONSTRAINT "credit_uses_training_session_id_training_sessions_id_fk" FOREIGN KEY ("training_session_id") REFERENCES "public"."training_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_plans" ADD CONSTRAINT "member_plans_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_plans" ADD CONSTRAINT "member_plans_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_plans" ADD CONSTRAINT "member_plans_program_template_id_programs_id_fk" FOREIGN KEY ("program_template_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_plans" ADD CONSTRAINT "member_plans_mandate_id_billing_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."billing_mandates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_checkouts_provider_idx" ON "billing_checkouts" USING btree ("provider_checkout_id");--> statement-breakpoint
CREATE INDEX "billing_checkouts_member_idx" ON "billing_checkouts" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_events_unprocessed_idx" ON "billing_events" USING btree ("received_at") WHERE "billing_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "billing_events_resource_idx" ON "billing_events" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_mandates_provider_idx" ON "billing_mandates" USING btree ("provider","provider_mandate_id");--> statement-breakpoint
CREATE INDEX "billing_mandates_member_idx" ON "billing_mandates" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_provider_idx" ON "billing_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "billing_payments_member_idx" ON "billing_payments" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_payments_created_idx" ON "billing_payments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_payments_status_idx" ON "billing_payments" USING btree ("status","charge_date");--> statement-breakpoint
CREATE INDEX "billing_payments_plan_idx" ON "billing_payments" USING btree ("plan_id","period_start");--> statement-breakpoint
CREATE INDEX "billing_products_page_idx" ON "billing_products" USING btree ("page","position") WHERE "billing_products"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_receipts_number_idx" ON "billing_receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_receipts_payment_idx" ON "billing_receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "billing_receipts_member_idx" ON "billing_receipts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_refunds_provider_idx" ON "billing_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "billing_refunds_payment_idx" ON "billing_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "credit_grants_member_idx" ON "credit_grants" USING btree ("member_id","kind","expires_at");--> statement-breakpoint
CREATE INDEX "credit_uses_grant_idx" ON "credit_uses" USING btree ("grant_id") WHERE "credit_uses"."returned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_uses_booking_idx" ON "credit_uses" USING btree ("class_booking_id") WHERE "credit_uses"."returned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_uses_session_idx" ON "credit_uses" USING btree ("training_session_id") WHERE "credit_uses"."returned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_plans_live_idx" ON "member_plans" USING btree ("member_id") WHERE "member_plans"."status" <> 'ended' and "member_plans"."kind" <> 'pack';--> statement-breakpoint
CREATE INDEX "member_plans_member_idx" ON "member_plans" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_plans_status_idx" ON "member_plans" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "member_plans_subscription_idx" ON "member_plans" USING btree ("provider_subscription_id");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The starting catalogue (decision 0131): the spec's packages, priced in the site currency (GBP by default).
INSERT INTO "billing_products" ("id", "name", "kind", "price_minor", "description", "features", "popular", "note", "page", "position", "interval_unit", "interval_count", "term_weeks", "instalments", "credits", "credit_kind", "credit_valid_days", "class_access", "classes_per_week", "sessions_per_week") VALUES
('prod_online_coaching', 'Online Coaching', 'subscription', 3500, 'A coach in your pocket: your programme, your check-ins and support, wherever you train.', '["A training programme written for your goals","Weekly check-ins and programme updates","Nutrition guidance","Support from the team between check-ins"]', false, '', 'services', 1, 'week', 1, NULL, NULL, NULL, NULL, NULL, 'none', 0, 0),
('prod_unlimited_access', 'Unlimited Access', 'subscription', 4200, 'Train with us as often as you like, in every group class on the timetable.', '["Unlimited group classes","HIIT, strength, functional and core sessions","Coaching from the team in every class","Progress tracking in the member area"]', true, 'Excludes 1:1 personal training slots.', 'services', 2, 'week', 1, NULL, NULL, NULL, NULL, NULL, 'unlimited', 0, 0),
('prod_personal_training', 'Personal Training', 'subscription', 6000, 'One-to-one coaching built around your body, your goals and your diary.', '["1:1 sessions with your coach","A programme tailored to you","Technique coaching in every session","Nutrition guidance and regular progress reviews"]', false, '', 'services', 3, 'week', 1, NULL, NULL, NULL, NULL, NULL, 'none', 0, 1),
('prod_pt_starter', 'Starter', 'pack', 30000, 'A focused block to learn the basics and build a routine.', '["4 one-to-one sessions","Goal-setting consultation","A programme to follow between sessions"]', false, '', 'personal-training', 1, NULL, NULL, NULL, NULL, 4, 'session', 90, 'none', 0, 0),
('prod_pt_standard', 'Standard', 'pack', 56000, 'Enough time to build real momentum and see the change.', '["8 one-to-one sessions","Goal-setting consultation","A programme to follow between sessions","Nutrition guidance"]', true, '', 'personal-training', 2, NULL, NULL, NULL, NULL, 8, 'session', 90, 'none', 0, 0),
('prod_pt_premium', 'Premium', 'pack', 78000, 'Our most complete block, for a full transformation.', '["12 one-to-one sessions","Goal-setting consultation","A programme to follow between sessions","Nutrition guidance","Regular progress reviews"]', false, '', 'personal-training', 3, NULL, NULL, NULL, NULL, 12, 'session', 90, 'none', 0, 0),
('prod_nutrition_consultation', 'Consultation', 'pack', 7500, 'One in-depth session to review your eating and set a clear direction.', '["A review of your current eating","Goal setting","Practical recommendations to start with"]', false, '', 'nutrition-coaching', 1, NULL, NULL, NULL, NULL, 1, 'session', 90, 'none', 0, 0),
('prod_nutrition_monthly', 'Monthly Coaching', 'term', 20000, 'A month of coaching to put your plan into practice with support.', '["A personalised nutrition plan","Weekly check-ins","Plan adjustments as you progress","Message support"]', true, '', 'nutrition-coaching', 2, NULL, NULL, 4, 1, NULL, NULL, NULL, 'none', 0, 0),
('prod_nutrition_transformation', 'Transformation Package', 'term', 50000, 'Twelve weeks of coaching for lasting change to how you eat.', '["A personalised nutrition plan","Weekly check-ins","Plan adjustments as you progress","Habit coaching","Message support"]', false, '', 'nutrition-coaching', 3, NULL, NULL, 12, 1, NULL, NULL, NULL, 'none', 0, 0);
