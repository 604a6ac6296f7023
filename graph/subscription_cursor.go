package graph

import (
	"context"
	"strconv"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// cursorExtension is the key, in a subscription event's `extensions`, of the
// event's resume point: the change log position it reflects (changefeed).
// Subscribing again with after: <cursor> resumes after it.
const cursorExtension = "cursor"

// cursorQueue carries, in order, the cursors of the values a subscription's
// resolver has sent down its channel, to the responses that carry them: gqlgen
// reads one value for each response, in the order sent.
type cursorQueue struct {
	mu      sync.Mutex
	cursors []int64
}

type cursorQueueKey struct{}

// pushCursor notes the cursor of the value about to be sent on a subscription
// channel; call it before the send.
func pushCursor(ctx context.Context, cursor int64) {
	if q, ok := ctx.Value(cursorQueueKey{}).(*cursorQueue); ok {
		q.mu.Lock()
		q.cursors = append(q.cursors, cursor)
		q.mu.Unlock()
	}
}

// pop takes the oldest cursor noted.
func (q *cursorQueue) pop() (int64, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.cursors) == 0 {
		return 0, false
	}
	c := q.cursors[0]
	q.cursors = q.cursors[1:]
	return c, true
}

// subscriptionCursors puts each subscription event's cursor in the event's
// extensions ({"cursor": "123"}), which graphql-ws clients hand over with the
// data (ExecutionResult.extensions), so the result types stay as they are.
type subscriptionCursors struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationInterceptor
	graphql.ResponseInterceptor
} = subscriptionCursors{}

// ExtensionName implements graphql.HandlerExtension.
func (subscriptionCursors) ExtensionName() string { return "VidraSubscriptionCursors" }

// Validate implements graphql.HandlerExtension.
func (subscriptionCursors) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptOperation gives each subscription its queue of cursors.
func (subscriptionCursors) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	if oc := graphql.GetOperationContext(ctx); oc.Operation != nil && oc.Operation.Operation == ast.Subscription {
		ctx = context.WithValue(ctx, cursorQueueKey{}, &cursorQueue{})
	}
	return next(ctx)
}

// InterceptResponse adds the cursor of the value a subscription response
// carries, when its resolver noted one.
func (subscriptionCursors) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	resp := next(ctx)
	q, ok := ctx.Value(cursorQueueKey{}).(*cursorQueue)
	if resp == nil || !ok {
		return resp
	}
	c, ok := q.pop()
	if !ok {
		return resp
	}
	// The extensions map may be shared by the subscription's responses.
	ext := make(map[string]any, len(resp.Extensions)+1)
	for k, v := range resp.Extensions {
		ext[k] = v
	}
	ext[cursorExtension] = strconv.FormatInt(c, 10)
	resp.Extensions = ext
	return resp
}

// parseAfter reads a subscription's after argument (0 when there is none).
func parseAfter(after *string) (int64, error) {
	if after == nil {
		return 0, nil
	}
	c, err := strconv.ParseInt(*after, 10, 64)
	if err != nil || c < 0 {
		return 0, FieldError("after", "not a cursor: pass the extensions.cursor of an event of a subscription")
	}
	return c, nil
}
