package tmplguard

// Overrides are the upstream blocks Vidra's ent generation replaces or patches
// (ent/entc.go, ent/template), each with the hash of the text it was written
// against. docs/architecture.md ("Code generation") says why each is kept and
// where it would go upstream. When an upgrade changes one, generation stops:
// read upstream's change, carry it into the override (or drop the override when
// upstream now does what it did), and record the new hash (tmplguard.Hash).
var Overrides = []Block{
	{"entgo.io/ent", "entc/gen/template/dialect/sql/decode.tmpl", "dialect/sql/decode/one",
		"ent/template/decode_pooled.tmpl", "0ace48c83bbc7b0d290ba57d2d1da67bd311b5e186c8dd02686cac7234b24e7d"},
	{"entgo.io/ent", "entc/gen/template/dialect/sql/query.tmpl", "dialect/sql/query/eagerloading/m2massignexpr",
		"ent/template/decode_pooled.tmpl", "4dffa97527f30408322e9355b3a3b545181749dd0d0855390243e3763ffb4cfb"},
	{"entgo.io/ent", "entc/gen/template/dialect/sql/feature/namedges.tmpl", "dialect/sql/query/all/nodes/namedges",
		"ent/template/m2m_pages.tmpl", "7e0f4cc18cc90ba3a7734b3c79101bdb9132451ce0702099e04d5dce9bf5da6f"},
	{"entgo.io/ent", "entc/gen/template/dialect/sql/feature/namedges.tmpl", "dialect/sql/model/edges/fields/additional/namedges",
		"ent/template/named_edges.tmpl", "041b6069915bdcdbbf5aa50ca8959ca7b57a62a84d0670b50d8457ab2a02179c"},
	{"entgo.io/ent", "entc/gen/template/dialect/sql/feature/namedges.tmpl", "dialect/sql/model/additional/namedges",
		"ent/template/named_edges.tmpl", "1ccedc69c682d8c307190322d20131229f667f3ad8f27174efea9b60e96e26e7"},
	// An empty hook ent leaves for this purpose; pinned so that upstream
	// filling it is noticed.
	{"entgo.io/ent", "entc/gen/template/ent.tmpl", "model/fields/additional",
		"ent/template/video_embed.tmpl", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
	{"entgo.io/contrib", "entgql/template/pagination.tmpl", "gql_pagination/helper/paginate",
		"ent/template/gql_paginate.tmpl", "19f833a3b8e47d26355b2fdbdbe9a1a14bf5b8bd73f764b5fd74e592f6a606b5"},
	{"entgo.io/contrib", "entgql/template/edge.tmpl", "gql_edge/helper/paginate",
		"ent/template/gql_edge_paginate.tmpl", "366e97ec37f5b465dcfb5331df6745142d63bc4043f9c38c21b52b4c35a06d6c"},
	// Patched in place, not replaced (ent/entc.go collectionPatches).
	{"entgo.io/contrib", "entgql/template/collection.tmpl", "gql_collection",
		"ent/entc.go collectionPatches", "62f2dc84c94879a33cbeec340c411851dba4d3bc0832d718b9cd9d0910386a34"},
}
