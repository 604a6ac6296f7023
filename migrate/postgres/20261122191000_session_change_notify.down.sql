DROP TRIGGER IF EXISTS session_change_notify_memberships ON memberships;
DROP TRIGGER IF EXISTS session_change_notify_sessions ON sessions;
DROP FUNCTION IF EXISTS session_change_notify();
