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
	// Our "dialect/sql/decode/one" (ent/template/decode_pooled.tmpl) replaces
	// ent's: a template of the same name as a builtin one overrides it.
	decode := gen.MustParse(gen.NewTemplate("decode_pooled").
		ParseFiles("ent/template/decode_pooled.tmpl"))
	// Our loader of many-to-many edges eager-loaded under an alias
	// (ent/template/m2m_pages.tmpl) replaces ent's "namedges" block that
	// calls the loaders, the same way.
	m2mPages := gen.MustParse(gen.NewTemplate("m2m_pages").
		ParseFiles("ent/template/m2m_pages.tmpl"))
	// Our page builder (ent/template/gql_page_edges.tmpl), which both paginate
	// overrides call, is a template of its own: it writes ent/gql_page_edges.go.
	pageEdges := gen.MustParse(gen.NewTemplate("gql_page_edges").
		Funcs(entgql.TemplateFuncs).
		ParseFiles("ent/template/gql_page_edges.tmpl"))
	ext, err := entgql.NewExtension(
		entgql.WithTemplates(append(entgql.AllTemplates, paginate, edgePaginate, pageEdges)...),
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
		Templates: []*gen.Template{decode, m2mPages},
		Package:   "github.com/vidra-dev/vidra/ent",
		Target:    "ent",
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
