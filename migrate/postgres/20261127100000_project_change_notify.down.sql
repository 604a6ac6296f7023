DROP TRIGGER IF EXISTS session_change_notify_projects ON projects;
