package main

import (
	"strings"
	"testing"
)

func TestCount(t *testing.T) {
	doc := decode([]byte(`{"data":{"project":{"folders":{"edges":[
		{"node":{"videos":{"edges":[{"node":{"captions":[{},{}]}},{"node":{"captions":null}}]}}},
		{"node":{"videos":{"edges":[{"node":{"captions":[{}]}}]}}}]}}}}`))
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

func TestSameTagsPage(t *testing.T) {
	vidra := `{"data":{"videos":{"edges":[{"node":{"id":"a","duration":1.5,"tags":{"edges":[{"node":{"id":"t","name":"q3"}}]}}}],
		"pageInfo":{"endCursor":"gqdJRNk...","hasNextPage":true}}}}`
	same := `{"data":{"videos":{"edges":[{"node":{"id":"a","duration":1.50,"tags":{"edges":[{"node":{"id":"t","name":"q3"}}]}}}],
		"pageInfo":{"endCursor":"2025-01-01T00:00:00Z,a","hasNextPage":true}}}}`
	if err := sameTagsPage([]byte(vidra), []byte(same)); err != nil {
		t.Fatalf("pages differing only in the cursor: %v", err)
	}
	for _, other := range []string{
		strings.Replace(same, `"q3"`, `"q4"`, 1),
		strings.Replace(same, `"hasNextPage":true`, `"hasNextPage":false`, 1),
		strings.Replace(same, `{"node":{"id":"t","name":"q3"}}`, ``, 1),
	} {
		if err := sameTagsPage([]byte(vidra), []byte(other)); err == nil {
			t.Errorf("pages differ but were found equal:\n%s", other)
		}
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
