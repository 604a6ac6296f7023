// Package account is the account domain: registration, sign-in (password,
// one-time reset code, OAuth), sessions and their tokens, password reset and
// change, email verification, the profile and the switch of organization.
//
// It owns the transactions of these flows (a password is hashed before its
// short transaction opens; a flow that must keep a write even when it fails
// commits its own) and sends their mail after commit. internal/auth holds
// the primitives it uses (tokens, password hashing, OAuth, rate limits).
// Its errors are internal/fault's, which graph presents and rest maps to
// HTTP statuses; it imports neither (docs/architecture_test.go).
package account
