package video

import (
	"slices"
	"testing"

	"github.com/google/uuid"
)

// testLinks builds a tree: a (b (c), d), e; names are the letters.
func testLinks() (*FolderLinks, map[string]uuid.UUID) {
	ids := map[string]uuid.UUID{}
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		ids[n] = uuid.New()
	}
	parent := func(n string) *uuid.UUID { id := ids[n]; return &id }
	l := &FolderLinks{
		parent: map[uuid.UUID]*uuid.UUID{ids["a"]: nil, ids["b"]: parent("a"), ids["c"]: parent("b"), ids["d"]: parent("a"), ids["e"]: nil},
		names:  map[uuid.UUID]string{},
	}
	for n, id := range ids {
		l.names[id] = n
	}
	return l, ids
}

func TestFolderLinksMoveRules(t *testing.T) {
	l, ids := testLinks()
	for _, c := range []struct {
		candidate, folder string
		want              bool
	}{
		{"a", "a", true}, {"c", "a", true}, {"d", "a", true}, {"c", "b", true},
		{"a", "b", false}, {"e", "a", false}, {"d", "b", false},
	} {
		if got := l.isSelfOrDescendant(ids[c.candidate], ids[c.folder]); got != c.want {
			t.Errorf("isSelfOrDescendant(%s, %s) = %v, want %v", c.candidate, c.folder, got, c.want)
		}
	}
	got := l.descendants(ids["a"])
	slices.SortFunc(got, func(x, y uuid.UUID) int { return compare(l.names[x], l.names[y]) })
	if want := []uuid.UUID{ids["a"], ids["b"], ids["c"], ids["d"]}; !slices.Equal(got, want) {
		t.Errorf("descendants(a) = %v, want %v", got, want)
	}
}

func TestFolderLinksAncestry(t *testing.T) {
	l, ids := testLinks()
	if got, want := l.Ancestry(ids["c"]), []uuid.UUID{ids["c"], ids["b"], ids["a"]}; !slices.Equal(got, want) {
		t.Errorf("Ancestry(c) = %v, want %v", got, want)
	}
	if got := l.Ancestry(uuid.New()); got != nil {
		t.Errorf("Ancestry(unknown) = %v, want nil", got)
	}
}

func TestFolderTreeOrder(t *testing.T) {
	l, ids := testLinks()
	nodes := l.tree(map[uuid.UUID]int{ids["b"]: 3})
	var names []string
	for _, n := range nodes {
		names = append(names, l.names[n.ID])
	}
	if want := []string{"a", "b", "c", "d", "e"}; !slices.Equal(names, want) {
		t.Fatalf("depth-first order %v, want %v", names, want)
	}
	b := nodes[1]
	if b.Depth != 1 || b.ChildCount != 1 || b.VideoCount != 3 || !slices.Equal(b.Path, []uuid.UUID{ids["a"]}) {
		t.Errorf("node b = %+v", b)
	}
	if nodes[0].Path == nil || len(nodes[0].Path) != 0 {
		t.Errorf("a root's path is empty, not nil: %v", nodes[0].Path)
	}
}

func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
