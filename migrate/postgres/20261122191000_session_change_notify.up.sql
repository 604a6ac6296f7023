-- Hand-written (ent cannot express it): announce committed changes to what the
-- bearer check reads, so that every Vidra process sharing this database forgets
-- the session checks it remembers (graph/session_cache.go). NOTIFY is delivered
-- when the transaction commits, and not at all when it rolls back. The channel
-- is graph.SessionChangeChannel.
--
-- Sessions: a new session has nothing remembered, and writing only last_seen_at,
-- ip_address or user_agent changes no check, so those do not announce. Deletes
-- by foreign key (a user or an organization deleted) fire these triggers too.
CREATE FUNCTION session_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vidra_session_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
CREATE TRIGGER session_change_notify_sessions
  AFTER UPDATE OF id, user_id, organization_id, revoked_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION session_change_notify();
CREATE TRIGGER session_change_notify_memberships
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION session_change_notify();
