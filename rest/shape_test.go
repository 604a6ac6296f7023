package rest

import (
	"bytes"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// TestConvertRenamesSelectedKeysOnly: keys of the selection become snake_case,
// JSON-typed values (metadata) and strings holding JSON punctuation pass through
// byte for byte.
func TestConvertRenamesSelectedKeysOnly(t *testing.T) {
	set := ast.SelectionSet{
		&ast.Field{Alias: "folderID", Name: "folderID"},
		&ast.Field{Alias: "title", Name: "title"},
		&ast.Field{Alias: "metadata", Name: "metadata"},
		&ast.Field{Alias: "tags", Name: "tags", SelectionSet: ast.SelectionSet{&ast.Field{Alias: "createdAt", Name: "createdAt"}}},
	}
	in := `{"folderID":null,"title":"a \"quoted\" {title}, [x]","metadata":{"camelKey":{"innerKey":[1,"}"]}},"tags":[{"createdAt":"t1"},{"createdAt":"t2"}]}`
	want := `{"folder_id":null,"title":"a \"quoted\" {title}, [x]","metadata":{"camelKey":{"innerKey":[1,"}"]}},"tags":[{"created_at":"t1"},{"created_at":"t2"}]}`
	var buf bytes.Buffer
	if err := convert(&buf, []byte(in), newShape(set)); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("got  %s\nwant %s", buf.String(), want)
	}
	if err := convert(&buf, []byte(`{"title":"unterminated`), newShape(set)); err == nil {
		t.Error("malformed input: no error")
	}
}
