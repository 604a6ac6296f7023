//go:build ignore

// Command entc generates the ent client, the GraphQL schema (schema/ent.graphql)
// and the entgql glue from ent/schema. Run it from the module root: make generate.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"text/template/parse"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"
	"github.com/vidra-dev/vidra/internal/tmplguard"
)

func main() {
	// Every upstream block overridden or patched below must still be the text
	// its override was written against (internal/tmplguard.Overrides): a
	// same-named template wins silently, so a changed block stops generation.
	if err := tmplguard.Check(tmplguard.Overrides); err != nil {
		log.Fatalf("entc: %v", err)
	}
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
	// Our per-parent pages (ent/template/edge_page.tmpl) add to every query's
	// scan; the field collection of entgql is patched to use them.
	edgePage := gen.MustParse(gen.NewTemplate("edge_page").
		ParseFiles("ent/template/edge_page.tmpl"))
	if err := patchCollection(entgql.CollectionTemplate); err != nil {
		log.Fatalf("entgql collection template: %v", err)
	}
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
	// Named edges kept in a short list, not a map per entity
	// (ent/template/named_edges.tmpl): a template of the same name as a
	// builtin one overrides it.
	namedEdges := gen.MustParse(gen.NewTemplate("named_edges").
		ParseFiles("ent/template/named_edges.tmpl"))
	// A video's embed links are fields bound to it (ent/template/video_embed.tmpl).
	videoEmbed := gen.MustParse(gen.NewTemplate("video_embed").
		ParseFiles("ent/template/video_embed.tmpl"))
	// VIDRA_ENT_OVERRIDES=off leaves out entgql's pagination overrides
	// (gql_paginate, gql_edge_paginate and their page builder), kept for a
	// measured win alone, for the A/B from outside that decides whether they
	// stay (docs/architecture.md, "Upstream guards"). The others stay either
	// way: the many-to-many fix (m2m_pages) is written on the pooled decoding
	// and the named-edge list, and the edge pages, the collection patches and
	// the embed fields are called by the rest of the code.
	gqlTemplates := append(entgql.AllTemplates, paginate, edgePaginate, pageEdges)
	if os.Getenv("VIDRA_ENT_OVERRIDES") == "off" {
		gqlTemplates = entgql.AllTemplates
	}
	ext, err := entgql.NewExtension(
		entgql.WithTemplates(gqlTemplates...),
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
		Templates: []*gen.Template{decode, edgePage, m2mPages, namedEdges, videoEmbed},
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

// collectionPatches are our changes to entgql's field collection (the
// "gql_collection" template, whose blocks cannot be overridden one by one):
// each old text must occur in it exactly as many times as said, so that an
// entgql upgrade that moves it stops the generation instead of dropping it.
var collectionPatches = []struct {
	old, new string
	times    int
}{
	// Pages of many parents: a LATERAL join per parent on PostgreSQL
	// (ent/edge_page.go, ent/edgepage) instead of a window over all children.
	{"entgql.LimitPerRow(", "limitPerParent(", 1},
	// The page of one parent: its extra row's edges are not loaded.
	{"pager.applyOrder(query.Limit(limit))", "pager.applyOrder(query.Limit(limit)).pageSize = limit - 1", 1},
	// Counted only when totalCount is selected: pageInfo comes from the extra
	// row when the page is loaded.
	{"|| hasCollectedField(ctx, append(path, pageInfoField)...)",
		"|| (ignoredEdges && hasCollectedField(ctx, append(path, pageInfoField)...))", 1},
	// A field of the GraphQL type that is no ent field (a custom resolver,
	// e.g. a video's embedCode) selects the columns it is declared to read
	// (ent/custom_columns.go), not every column, when it is declared.
	{"unknownSeen = true", "unknownSeen = !customFieldColumns(_q.ctx, field.Name, fieldSeen, &selectedFields) || unknownSeen", 1},
}

// patchCollection applies collectionPatches to the text of t's templates.
func patchCollection(t *gen.Template) error {
	found := make([]int, len(collectionPatches))
	var walk func(n parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n == nil {
				return
			}
			for _, c := range n.Nodes {
				walk(c)
			}
		case *parse.IfNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.TextNode:
			for i, p := range collectionPatches {
				if c := bytes.Count(n.Text, []byte(p.old)); c > 0 {
					found[i] += c
					n.Text = bytes.ReplaceAll(n.Text, []byte(p.old), []byte(p.new))
				}
			}
		}
	}
	for _, tmpl := range t.Templates() {
		if tmpl.Tree != nil {
			walk(tmpl.Tree.Root)
		}
	}
	for i, p := range collectionPatches {
		if found[i] != p.times {
			return fmt.Errorf("%q found %d times, want %d", p.old, found[i], p.times)
		}
	}
	return nil
}
