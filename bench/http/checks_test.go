package main

import (
	"strings"
	"testing"
)

func TestCount(t *testing.T) {
	doc, err := decode([]byte(`{"data":{"project":{"folders":{"edges":[
		{"node":{"videos":{"edges":[{"node":{"captions":[{},{}]}},{"node":{"captions":null}}]}}},
		{"node":{"videos":{"edges":[{"node":{"captions":[{}]}}]}}}]}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]int{
		"data.project.folders.edges":                                     2,
		"data.project.folders.edges[].node.videos.edges":                 3,
		"data.project.folders.edges[].node.videos.edges[].node.captions": 3,
		"data.missing": 0,
	} {
		if got := count(doc, path); got != want {
			t.Errorf("count(%s) = %d, want %d", path, got, want)
		}
	}
}

func TestSamePage(t *testing.T) {
	cursor := []string{"data", "videos", "pageInfo", "endCursor"}
	vidra := `{"data":{"videos":{"edges":[{"node":{"id":"a","duration":1.5,"tags":{"edges":[{"node":{"id":"t","name":"q3"}}]}}}],
		"pageInfo":{"endCursor":"gqdJRNk...","hasNextPage":true}}}}`
	same := `{"data":{"videos":{"edges":[{"node":{"id":"a","duration":1.50,"tags":{"edges":[{"node":{"id":"t","name":"q3"}}]}}}],
		"pageInfo":{"endCursor":"2025-01-01T00:00:00Z,a","hasNextPage":true}}}}`
	if err := samePage("page", []byte(vidra), []byte(same), cursor...); err != nil {
		t.Fatalf("pages differing only in the cursor: %v", err)
	}
	for _, other := range []string{
		strings.Replace(same, `"q3"`, `"q4"`, 1),
		strings.Replace(same, `"hasNextPage":true`, `"hasNextPage":false`, 1),
		strings.Replace(same, `{"node":{"id":"t","name":"q3"}}`, ``, 1),
	} {
		if err := samePage("page", []byte(vidra), []byte(other), cursor...); err == nil {
			t.Errorf("pages differ but were found equal:\n%s", other)
		}
	}
	rest := `{"success":true,"result":[{"id":"a","embed_code":"<iframe>"}],"pagination":{"next_cursor":"gqd","has_more":true}}`
	anchor := `{"success":true,"result":[{"id":"a","embed_code":"<iframe>"}],"pagination":{"next_cursor":"2025,a","has_more":true}}`
	if err := samePage("REST page", []byte(rest), []byte(anchor), "pagination", "next_cursor"); err != nil {
		t.Fatalf("REST pages differing only in the cursor: %v", err)
	}
	if err := samePage("REST page", []byte(rest), []byte(strings.Replace(anchor, "<iframe>", "<iframe >", 1)), "pagination", "next_cursor"); err == nil {
		t.Error("REST pages with different embed codes were found equal")
	}
}

func TestKitSettings(t *testing.T) {
	s, order, err := kitSettings("../../../shared/bench-anchors")
	if err != nil {
		t.Skipf("the anchor kit is not beside the repository: %v", err)
	}
	if s["shared_buffers"] != "2GB" || s["jit"] != "off" || s["listen_addresses"] != "127.0.0.1" || len(order) != len(s) {
		t.Fatalf("kit settings %v (order %v)", s, order)
	}
}
