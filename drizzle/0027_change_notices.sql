-- Committed changes announced to every server process (decision 0145): each process keeps
-- a few hot reads (the session lookup, the settings rows, a reader's unread count) until
-- one of these notices says their rows changed. A trigger fires for every door that writes
-- the rows (an action, the CLI, a script, another process), and a notice is only delivered
-- when its transaction commits. The payload is `table:key`.
CREATE FUNCTION "relentless_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('relentless_changes', TG_TABLE_NAME || ':' || coalesce(to_jsonb(NEW) ->> TG_ARGV[0], to_jsonb(OLD) ->> TG_ARGV[0], ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "relentless_announce_change"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "relentless_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "profiles_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION "relentless_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "site_settings_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "site_settings" FOR EACH ROW EXECUTE FUNCTION "relentless_announce_change"('key');
--> statement-breakpoint
CREATE TRIGGER "messages_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "messages" FOR EACH ROW EXECUTE FUNCTION "relentless_announce_change"('member_id');
--> statement-breakpoint
CREATE TRIGGER "conversation_reads_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "conversation_reads" FOR EACH ROW EXECUTE FUNCTION "relentless_announce_change"('member_id');
