package gqlexec_test

import (
	"context"
	"testing"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

// TestResponseBufferLentOnce checks the lent buffer goes to the first response
// only, empty, and that without a lender or after release a new one is made.
func TestResponseBufferLentOnce(t *testing.T) {
	if a, b := gqlexec.ResponseBuffer(context.Background()), gqlexec.ResponseBuffer(context.Background()); a == b {
		t.Fatal("without a lender two responses share a buffer")
	}
	ctx, release := gqlexec.WithResponseBuffer(context.Background())
	first := gqlexec.ResponseBuffer(ctx)
	if first.Len() != 0 {
		t.Fatalf("lent buffer holds %q", first.String())
	}
	first.WriteString(`{"videos":[]}`)
	if second := gqlexec.ResponseBuffer(ctx); second == first {
		t.Fatal("a deferred response was given the first response's buffer")
	}
	release()
	if again := gqlexec.ResponseBuffer(ctx); again == first {
		t.Fatal("a released buffer was lent again by the same context")
	}
	release() // twice is harmless

	ctx, release = gqlexec.WithResponseBuffer(context.Background())
	defer release()
	if b := gqlexec.ResponseBuffer(ctx); b.Len() != 0 {
		t.Fatalf("a pooled buffer was lent holding %q", b.String())
	}
}
