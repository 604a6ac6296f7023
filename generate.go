package main

// The one generation chain (make generate): ent and its GraphQL schema first, then gqlgen.
//go:generate go run ./ent/entc.go
//go:generate go tool gqlgen generate
