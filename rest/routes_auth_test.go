package rest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vidra-dev/vidra/graph/generated"
)

// TestAuthRoutesAreValidOperations checks every auth row until the REST layer's
// own start-up validation covers them: one operation, valid against the schema,
// with a variable for every path parameter, and public exactly where docs/ROUTES.md says.
func TestAuthRoutesAreValidOperations(t *testing.T) {
	schema := generated.NewExecutableSchema(generated.Config{}).Schema()
	public := map[string]bool{
		"/auth/register": true, "/auth/login": true, "/auth/verify-email": true, "/auth/forgot-password": true,
		"/auth/forgot-password/verify-otp": true, "/auth/forgot-password/set": true, "/auth/resend-otp": true,
		"/auth/check-account": true, "/auth/oauth2/{provider}/redirect": true, "/oauth2/google/callback": true,
		"/auth/oauth2/{provider}/callback": true, "/auth/refresh-token": true,
	}
	param := regexp.MustCompile(`\{(\w+)\}`)
	seen := map[string]bool{}
	for _, r := range authRoutes() {
		key := r.Method + " " + r.Path
		if seen[key] {
			t.Errorf("%s listed twice", key)
		}
		seen[key] = true
		doc, errs := gqlparser.LoadQueryWithRules(schema, r.Operation, nil)
		if errs != nil {
			t.Errorf("%s: %v", key, errs)
			continue
		}
		if len(doc.Operations) != 1 {
			t.Errorf("%s: %d operations", key, len(doc.Operations))
			continue
		}
		op := doc.Operations[0]
		for _, m := range param.FindAllStringSubmatch(r.Path, -1) {
			if op.VariableDefinitions.ForName(m[1]) == nil {
				t.Errorf("%s: no variable $%s for the path parameter", key, m[1])
			}
		}
		if r.Public != public[r.Path] {
			t.Errorf("%s: Public = %v, ROUTES.md says %v", key, r.Public, public[r.Path])
		}
		field := op.SelectionSet[0].(*ast.Field)
		isPublic := field.Definition.Directives.ForName("public") != nil
		if isPublic != r.Public {
			t.Errorf("%s: row Public = %v but %s is @public = %v", key, r.Public, field.Name, isPublic)
		}
		if r.Message == "" || !strings.HasPrefix(r.Path, "/") {
			t.Errorf("%s: missing message or relative path", key)
		}
	}
	if len(seen) != 22 {
		t.Errorf("%d rows, want 22 (ROUTES.md accounts and user sections)", len(seen))
	}
}
