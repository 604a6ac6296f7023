package app

import (
	"log/slog"
	"time"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/credential"
	"github.com/vidra-dev/vidra/internal/database/pglisten"
)

// sessionFeedStartWait is how long a starting server waits for the feed.
const sessionFeedStartWait = 5 * time.Second

// sessionFeed follows the notifications of the session_change_notify triggers
// on the process's listening connection and passes them to the resolver, so
// that session checks remembered by this process are forgotten when any
// process changes a session or a membership (internal/credential/session_cache.go). The
// resolver is told when the channel is listened to and when it is not: while
// it is not, nothing is remembered.
type sessionFeed struct {
	listener *pglisten.Listener
}

// startSessionFeed follows credential.SessionChangeChannel on listener. It returns
// once the feed listens, or after sessionFeedStartWait if it cannot yet (it
// goes on trying; sessions are checked in the database meanwhile), so that a
// server starts serving with its session checks remembered.
func startSessionFeed(listener *pglisten.Listener, resolver *graph.Resolver, log *slog.Logger) *sessionFeed {
	follower := pglisten.Follower{
		Channel: credential.SessionChangeChannel,
		// A notification, or notifications that may have been missed:
		// forgetting is the answer to both.
		Notify: func(string) { resolver.Credentials().SessionsChanged() },
		Missed: resolver.Credentials().SessionsChanged,
		Up:     resolver.Credentials().SessionFeedListening,
	}
	if !listener.Follow(follower, sessionFeedStartWait) {
		log.Warn("session change feed not listening yet; sessions are checked in the database until it is", "waited", sessionFeedStartWait.String())
	}
	return &sessionFeed{listener: listener}
}

// stop stops following the channel; from then on the resolver remembers no
// session check.
func (f *sessionFeed) stop() {
	f.listener.Unfollow(credential.SessionChangeChannel)
}
