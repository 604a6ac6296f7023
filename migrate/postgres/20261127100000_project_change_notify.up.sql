-- Hand-written (ent cannot express it): announce committed changes to projects
-- on the session change channel, so that every Vidra process sharing this
-- database forgets the project lookups its sessions remembered
-- (graph/project_cache.go) along with their session checks. A new project has
-- no lookup remembered (only found projects are), so inserts do not announce.
-- Deletes by foreign key (an organization deleted) fire this trigger too.
CREATE TRIGGER session_change_notify_projects
  AFTER UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION session_change_notify();
