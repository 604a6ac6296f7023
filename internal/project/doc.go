// Package project holds the rules of an organization's projects: creating one
// (in the named organization or the caller's current one), changing it,
// deleting it with all its content, and its settings.
//
// Projects are their own package, apart from internal/org, because the content
// domains sit on them: internal/video (and the project-scoped files of graph)
// check that a project exists with Require before they write into it, while
// nothing here needs organizations' members, invitations or keys. internal/org
// sits above internal/video (its permission test reads a folder's ancestry), so
// with projects inside it the video library would import its own importer.
//
// Each mutation runs in one transaction, the caller's when its context holds
// one (a GraphQL mutation's), else its own (internal/txn.Join). Rights are not
// decided here: the ent client of the context applies the tenancy rules
// (internal/tenancy), and the audit hook records each changed row in the same
// transaction. Blobs a delete orphans are recorded as owed in that transaction
// (internal/blobs) for the media jobs to remove after commit. Errors are
// internal/fault's; this package imports neither graph nor rest.
package project
