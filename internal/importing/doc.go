// Package importing is the domain of videos brought in from elsewhere: a
// project's importers (a provider's credential, checked with the provider
// before it is stored), their syncs (a migration listing the provider
// account's videos, run by a job queued after commit), the import of a done
// migration's items as videos pulled from their download links, the state of
// each item from the video it became, and the creation of a pulled video
// itself, which URL pulls share. The provider check runs outside any
// transaction and the write in one of its own (txn.Own), so no database lock
// is held while the provider answers; the other mutations write in the
// caller's transaction and queue their jobs once it commits. The entity is
// ent/importer; this package is named for the activity so as not to clash
// with it.
package importing
