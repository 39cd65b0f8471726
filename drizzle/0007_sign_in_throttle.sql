CREATE TABLE "sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" bigint NOT NULL,
	"paused_until" bigint DEFAULT 0 NOT NULL,
	"strikes" integer DEFAULT 0 NOT NULL,
	"accounts" text[] DEFAULT '{}'::text[] NOT NULL
);
