package main

import (
	"path/filepath"
	"strings"
)

// restPath is the REST request: the project's first page of 50 videos.
const restPath = "/v1/projects/%s/videos?limit=50"

// step is one wrk run of a pass: a request against one server.
type step struct {
	id     string
	server string // vidra, anchor or postgraphile
	desc   string
	script string   // lua script name
	env    []string // for the script; PROJECT_IDS and AUTHORIZATION are added
}

// steps are one pass, in order: each request's anchor, then Vidra.
func (b *bench) steps(dir string) []step {
	q := func(name string) string { return "GQL_FILE=" + filepath.Join(dir, "queries", name) }
	pgl := func(name string) string { return "GQL_FILE=" + filepath.Join(b.o.kitDir, "graphql", name) }
	return []step{
		{id: "anchor-tags", server: "anchor", desc: "hand-written page, tags joined (Vidra's tables and JSON)",
			script: "get-rotate.lua", env: []string{"PATH_TEMPLATE=/videos-tags?project_id=%s"}},
		{id: "vidra-tags", server: "vidra", desc: "GraphQL page of 50 with tags(first: 10)",
			script: "graphql.lua", env: []string{q("page-tags.graphql"), "GQL_PATH=/graphql"}},
		{id: "pgl-list", server: "postgraphile", desc: "PostGraphile allVideos page of 50 (graphql/list.graphql)",
			script: "graphql.lua", env: []string{pgl("list.graphql"), "GQL_PATH=/graphql"}},
		{id: "anchor-page", server: "anchor", desc: "hand-written page (the kit's limit-db)",
			script: "get-rotate.lua", env: []string{"PATH_TEMPLATE=/videos?project_id=%s"}},
		{id: "vidra-page", server: "vidra", desc: "GraphQL page of 50 without tags",
			script: "graphql.lua", env: []string{q("page.graphql"), "GQL_PATH=/graphql"}},
		{id: "anchor-rest", server: "anchor", desc: "hand-written REST page (Vidra's tables and REST JSON, embed links included)",
			script: "get-rotate.lua", env: []string{"PATH_TEMPLATE=/videos-rest?project_id=%s"}},
		{id: "vidra-rest", server: "vidra", desc: "REST GET /v1/projects/{id}/videos?limit=50",
			script: "get-rotate.lua", env: []string{"PATH_TEMPLATE=" + restPath}},
		{id: "pgl-nested", server: "postgraphile", desc: "PostGraphile project -> 10 folders -> 10 videos -> captions",
			script: "graphql.lua", env: []string{pgl("nested.graphql"), "GQL_PATH=/graphql"}},
		{id: "vidra-nested", server: "vidra", desc: "GraphQL project -> 10 folders -> 10 videos -> captions",
			script: "graphql.lua", env: []string{q("nested.graphql"), "GQL_PATH=/graphql"}},
	}
}

// comparison is one line of the report: a Vidra step against an anchor step.
type comparison struct {
	request     string
	vidra       string
	anchor      string
	anchorName  string
	minRatio    float64 // 0: no target
	maxVidraP99 float64 // ms; 0: no target
}

var comparisons = []comparison{
	{request: "GraphQL page of 50 videos with `tags(first: 10)`", vidra: "vidra-tags", anchor: "anchor-tags",
		anchorName: "hand-written, tags joined", minRatio: 0.8},
	{request: "the same page", vidra: "vidra-tags", anchor: "pgl-list", anchorName: "PostGraphile list"},
	{request: "the same page without tags", vidra: "vidra-page", anchor: "anchor-page", anchorName: "hand-written"},
	{request: "REST `GET /v1/projects/{id}/videos?limit=50`", vidra: "vidra-rest", anchor: "anchor-rest",
		anchorName: "hand-written, same REST JSON", minRatio: 0.8},
	{request: "the same REST page", vidra: "vidra-rest", anchor: "anchor-page",
		anchorName: "hand-written, the kit's smaller JSON"},
	{request: "project -> 10 folders -> 10 videos each -> captions", vidra: "vidra-nested", anchor: "pgl-nested",
		anchorName: "PostGraphile nested", minRatio: 2.5, maxVidraP99: 60},
}

func csv(ids []string) string { return strings.Join(ids, ",") }
