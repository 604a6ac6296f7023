package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
)

// check fetches one answer of every step before anything is measured, so that a
// figure never stands for errors: each must be a complete answer of the expected
// size, and the anchor's tags and REST pages must be Vidra's JSON (the opaque
// cursors aside).
func (b *bench) check(ctx context.Context) error {
	vp, ap := b.vidraProjects[0], b.anchorProjects[0]
	vidraTags, err := b.client.post(ctx, query(b.root, "page-tags.graphql"), map[string]any{"projectId": vp})
	if err != nil {
		return fmt.Errorf("vidra page with tags: %w", err)
	}
	anchorTags, err := fetch(ctx, "GET", "http://"+b.anchor.addr+"/videos-tags?project_id="+vp, nil)
	if err != nil {
		return fmt.Errorf("anchor page with tags: %w", err)
	}
	if err := samePage("page with tags", vidraTags, anchorTags, "data", "videos", "pageInfo", "endCursor"); err != nil {
		return err
	}
	vidraPage, err := b.client.post(ctx, query(b.root, "page.graphql"), map[string]any{"projectId": vp})
	if err != nil {
		return fmt.Errorf("vidra page: %w", err)
	}
	rest, err := b.client.get(ctx, fmt.Sprintf(restPath, vp))
	if err != nil {
		return fmt.Errorf("vidra REST page: %w", err)
	}
	anchorREST, err := fetch(ctx, "GET", "http://"+b.anchor.addr+"/videos-rest?project_id="+vp, nil)
	if err != nil {
		return fmt.Errorf("anchor REST page: %w", err)
	}
	if err := samePage("REST page", rest, anchorREST, "pagination", "next_cursor"); err != nil {
		return err
	}
	nested, err := b.client.post(ctx, query(b.root, "nested.graphql"), map[string]any{"projectId": vp})
	if err != nil {
		return fmt.Errorf("vidra nested: %w", err)
	}
	anchorPage, err := fetch(ctx, "GET", "http://"+b.anchor.addr+"/videos?project_id="+ap, nil)
	if err != nil {
		return fmt.Errorf("anchor page: %w", err)
	}
	pglList, pglNested, err := b.postGraphileSamples(ctx, ap)
	if err != nil {
		return err
	}
	samples := map[string][]byte{"vidra-tags": vidraTags, "anchor-tags": anchorTags, "vidra-page": vidraPage,
		"vidra-rest": rest, "anchor-rest": anchorREST, "vidra-nested": nested, "anchor-page": anchorPage, "pgl-list": pglList, "pgl-nested": pglNested}
	counts := map[string][2]string{
		"vidra-tags":   {"data.videos.edges", "50"},
		"anchor-tags":  {"data.videos.edges", "50"},
		"vidra-page":   {"data.videos.edges", "50"},
		"vidra-rest":   {"result", "50"},
		"anchor-rest":  {"result", "50"},
		"anchor-page":  {"data", "50"},
		"pgl-list":     {"data.allVideos.nodes", "50"},
		"vidra-nested": {"data.project.folders.edges[].node.videos.edges", "100"},
		"pgl-nested":   {"data.projectById.foldersByProjectId.nodes[].videosByFolderId.nodes", "100"},
	}
	for name, body := range samples {
		if err := os.WriteFile(filepath.Join(b.o.resultsDir, name+".sample.json"), body, 0o644); err != nil {
			return err
		}
		var doc any
		if err := json.Unmarshal(body, &doc); err != nil {
			return fmt.Errorf("%s: not JSON: %w", name, err)
		}
		if m, ok := doc.(map[string]any); ok && m["errors"] != nil {
			return fmt.Errorf("%s answered errors: %.600s", name, body)
		}
		c := counts[name]
		if n := count(doc, c[0]); fmt.Sprint(n) != c[1] {
			return fmt.Errorf("%s: %s has %d items, want %s: %.600s", name, c[0], n, c[1], body)
		}
	}
	nestedDoc, err := decode(nested)
	if err != nil {
		return fmt.Errorf("vidra-nested: not JSON: %w", err)
	}
	pglNestedDoc, err := decode(pglNested)
	if err != nil {
		return fmt.Errorf("pgl-nested: not JSON: %w", err)
	}
	captions := count(nestedDoc, "data.project.folders.edges[].node.videos.edges[].node.captions")
	pglCaptions := count(pglNestedDoc, "data.projectById.foldersByProjectId.nodes[].videosByFolderId.nodes[].captionsByVideoId.nodes")
	b.log.Info("answers checked", "nested captions (Vidra)", captions, "nested captions (PostGraphile)", pglCaptions,
		"samples", b.o.resultsDir)
	return nil
}

// postGraphileSamples asks PostGraphile the kit's two documents.
func (b *bench) postGraphileSamples(ctx context.Context, project string) ([]byte, []byte, error) {
	var out [2][]byte
	for i, name := range []string{"list.graphql", "nested.graphql"} {
		doc, err := os.ReadFile(filepath.Join(b.o.kitDir, "graphql", name))
		if err != nil {
			return nil, nil, err
		}
		body, _ := json.Marshal(map[string]any{"query": string(doc), "variables": map[string]any{"projectId": project}})
		if out[i], err = fetch(ctx, "POST", "http://"+b.pgl.addr+"/graphql", body); err != nil {
			return nil, nil, fmt.Errorf("PostGraphile %s: %w", name, err)
		}
	}
	return out[0], out[1], nil
}

// samePage compares Vidra's answer with the anchor's, the cursor at path (the
// last key under the ones before it) aside: each server has its own cursor format.
func samePage(what string, vidra, anchor []byte, path ...string) error {
	v, err := decode(vidra)
	if err != nil {
		return fmt.Errorf("vidra's %s is not JSON: %w", what, err)
	}
	a, err := decode(anchor)
	if err != nil {
		return fmt.Errorf("the anchor's %s is not JSON: %w", what, err)
	}
	parent, cursor := path[:len(path)-1], path[len(path)-1]
	for _, doc := range []any{v, a} {
		if m, ok := dig(doc, parent...).(map[string]any); ok {
			delete(m, cursor)
		}
	}
	if !reflect.DeepEqual(v, a) {
		vb, _ := json.MarshalIndent(v, "", " ")
		ab, _ := json.MarshalIndent(a, "", " ")
		return fmt.Errorf("the anchor's %s is not Vidra's JSON:\nVidra:  %.1500s\nanchor: %.1500s", what, vb, ab)
	}
	return nil
}

// fetch sends one request and returns its body, an error unless it is 200.
func fetch(ctx context.Context, method, url string, body []byte) ([]byte, error) {
	var r io.Reader
	if body != nil {
		r = strings.NewReader(string(body))
	}
	req, err := http.NewRequestWithContext(ctx, method, url, r)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return sendOK(http.DefaultClient, req)
}

// decode parses a JSON answer.
func decode(b []byte) (any, error) {
	var v any
	err := json.Unmarshal(b, &v)
	return v, err
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// count is the number of items at a dotted path, where "x[]" goes into every
// element of list x (adding up what each holds).
func count(v any, path string) int {
	parts := strings.Split(path, ".")
	var walk func(v any, parts []string) int
	walk = func(v any, parts []string) int {
		if len(parts) == 0 {
			if l, ok := v.([]any); ok {
				return len(l)
			}
			return 0
		}
		key, each := strings.CutSuffix(parts[0], "[]")
		next := dig(v, key)
		if !each {
			return walk(next, parts[1:])
		}
		l, _ := next.([]any)
		n := 0
		for _, x := range l {
			n += walk(x, parts[1:])
		}
		return n
	}
	return walk(v, parts)
}

// query reads one of the benchmark's GraphQL documents.
func query(root, name string) string {
	b, err := os.ReadFile(filepath.Join(root, "bench", "http", "queries", name))
	if err != nil {
		panic(err)
	}
	return string(b)
}
