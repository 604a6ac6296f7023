// Package org holds the rules of an organization's membership and access:
// changing the organization, its members and their roles and grants (only
// owners make or unmake owners, the last owner stays), invitations (sent by
// owners and admins, mailed after commit, answered by the holder of the
// token), API keys (shown once, bound to an origin, never stronger than their
// creator) and the permission test that asks the decision function of
// internal/perm for the caller.
//
// Members, invitations and keys are one package because they share the
// caller's checks (a current organization, an owner or admin) and the parsing
// of grants, which each of them stores. Projects are internal/project's: the
// content domains sit on them, while this package sits above internal/video,
// whose folder links give the permission test a folder's ancestry.
//
// Each mutation runs in one transaction, the caller's when its context holds
// one (a GraphQL mutation's), else its own (internal/txn.Join); the audit hook
// records each changed row in it. Rights on rows are the tenancy rules'
// (internal/tenancy) through the ent client of the context; the rules here are
// the ones those cannot express. Errors are internal/fault's; this package
// imports neither graph nor rest.
package org
