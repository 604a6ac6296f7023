// Package reports is the analytics API's side of the analytics: who may read
// a project's analytics (the one check, as they are read with SQL outside the
// tenancy interceptors) and the folder, video and user a query is scoped to;
// the dataset query with its default range; the lists of users, videos, a
// user's sessions and player log with their page sizes and cursors; the
// collector's filtered input; the concurrent viewers; and the erasure of a
// player-reported user's analytics through the analytics writer, audited in a
// transaction of its own. It answers internal/fault errors; the collector, the
// writer, the store and the rollups are internal/analytics, the query engine
// internal/analytics/query.
package reports
