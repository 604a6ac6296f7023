package main

// The one generation chain (make generate): ent and its GraphQL schema first, then gqlgen
// (graph/codegen runs it, then rewrites hot paths of its executor to call graph/gqlexec).
//go:generate go run ./ent/entc.go
//go:generate go run ./graph/codegen
//go:generate go run ./graph/schemadump
