package graph

import (
	"github.com/vektah/gqlparser/v2/ast"
)

// selfTransacting are the mutations that commit their own transactions, because
// they must keep a write even when they fail (a reused refresh token revokes its
// session; a wrong code counts against its attempts) or call a third party
// before or between writes (the OAuth code exchange, the check of an importer's
// credential), which must not hold a transaction (on SQLite, the write lock) open.
var selfTransacting = map[string]bool{
	"refreshToken":           true,
	"verifyPasswordResetOtp": true,
	"oauthCallback":          true,
	"setImporter":            true,
	// The analytics writer erases in its own transaction (internal/analytics/reports, erase.go).
	"eraseAnalyticsUser": true,
	// Password hashing (argon2id, tens of milliseconds) runs before their
	// short transaction (internal/account's signInTx), never inside one.
	"login":                true,
	"register":             true,
	"setPassword":          true,
	"updatePassword":       true,
	"setForgottenPassword": true,
}

// skipsSharedTx tells entgql.Transactioner not to wrap an operation whose root
// fields all manage their own transactions.
func skipsSharedTx(op *ast.OperationDefinition) bool {
	if op == nil {
		return true // nothing is executed: an error answered before parsing
	}
	if op.Operation != ast.Mutation || len(op.SelectionSet) == 0 {
		return false
	}
	for _, sel := range op.SelectionSet {
		f, ok := sel.(*ast.Field)
		if !ok || (!selfTransacting[f.Name] && f.Name != "__typename") {
			return false
		}
	}
	return true
}
