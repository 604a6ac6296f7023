//go:build ignore

// Command entc generates the ent client, the GraphQL schema (schema/ent.graphql)
// and the entgql glue from ent/schema. Run it from the module root: make generate.
package main

import (
	"log"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"
)

func main() {
	// Our overrides of two entgql blocks (see ent/template/gql_paginate.tmpl and
	// gql_edge_paginate.tmpl) are parsed with entgql's template functions and
	// listed after entgql's own templates, so their definitions are the ones used.
	paginate := gen.MustParse(gen.NewTemplate("gql_paginate").
		Funcs(entgql.TemplateFuncs).
		ParseFiles("ent/template/gql_paginate.tmpl"))
	edgePaginate := gen.MustParse(gen.NewTemplate("gql_edge_paginate").
		Funcs(entgql.TemplateFuncs).
		ParseFiles("ent/template/gql_edge_paginate.tmpl"))
	ext, err := entgql.NewExtension(
		entgql.WithTemplates(append(entgql.AllTemplates, paginate, edgePaginate)...),
		entgql.WithSchemaGenerator(),
		entgql.WithSchemaPath("schema/ent.graphql"),
		entgql.WithConfigPath("gqlgen.yml"),
		entgql.WithWhereInputs(true),
		entgql.WithRelaySpec(true),
	)
	if err != nil {
		log.Fatalf("entgql extension: %v", err)
	}
	cfg := &gen.Config{
		Package: "github.com/vidra-dev/vidra/ent",
		Target:  "ent",
		Features: []gen.Feature{
			gen.FeaturePrivacy,
			gen.FeatureIntercept,
			gen.FeatureEntQL,
			gen.FeatureVersionedMigration,
			gen.FeatureUpsert,
			gen.FeatureLock,
			gen.FeatureNamedEdges,
			gen.FeatureExecQuery,
		},
	}
	if err := entc.Generate("./ent/schema", cfg, entc.Extensions(ext)); err != nil {
		log.Fatalf("ent codegen: %v", err)
	}
}
