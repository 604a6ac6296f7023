// Package video holds the rules of a project's video library: videos, the folder
// tree they sit in, their tags, custom metadata, chapters, captions, custom
// thumbnails (the uploaded image's content checks, the one default) and search. Each
// mutation runs in one transaction (the caller's when its context holds one, as a
// GraphQL mutation's does, else its own) and records the webhook events it owes
// in it; the recorder queues their deliveries once it commits.
//
// Folders and videos are one package because their rules call each other: a
// video's folder must be in its project, and deleting a folder with its contents
// deletes its videos (events and blob removals included). Split in two, each
// would import the other.
//
// Rights are not decided here: every read and write goes through the ent client
// of the context, whose tenancy rules (internal/tenancy) decide what the
// principal may see and change; the adapters check that the objects a REST path
// nests under belong to its project. The video's status belongs to
// internal/videolifecycle; nothing here writes it.
package video
