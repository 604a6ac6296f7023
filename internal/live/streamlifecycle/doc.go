// Package streamlifecycle is the one place that moves a live stream's status:
// the states are ent's livestream.Status values, the allowed moves are one
// table (transitions), and each move is one function named after what
// happened. A move is a conditional UPDATE (WHERE id = ? AND status IN (its
// from-states), plus the caller's own conditions: the lease, the session, the
// node), so a stale or illegal move changes nothing and returns ErrRefused
// instead of overwriting a newer status. An ent hook on the LiveStream schema
// (Guard) refuses any other create or update that sets the status.
//
// The lifecycle (a new stream is idle, the field's default):
//
//	             PublisherConnected                 PublisherLeft, NodeLost
//	idle ------------------------------> active ------------------------------> disconnected
//	 ^  ^                                 ^  |  <------------------------------      |
//	 |  |                                 |  |   PublisherReconnected,               |
//	 |  |          SessionEnded           |  |   PublisherConnected                  |
//	 |  +---------------------------------+--+---------------------------------------+
//	 |
//	 | Enabled
//	disabled <-- Disabled (from every status), SessionEnded of a disabled stream
//
//	PublisherConnected    any   -> active        internal/live/ingest (admit: a new session)
//	PublisherReconnected  active, disconnected -> active  internal/live/ingest (admit: the session goes on)
//	PublisherLeft         active -> disconnected internal/live/ingest (session: the reconnect window opens)
//	NodeLost              active -> disconnected internal/live/ingest (heartbeat: a dead node's window)
//	SessionEnded          any   -> idle, or disabled for a disabled stream  internal/live/ingest (session)
//	Enabled               disabled -> idle       internal/live/streams (SetStatus)
//	Disabled              any   -> disabled      internal/live/streams (SetStatus)
//
// "any" keeps what the writers accepted before the table existed: a claim is
// decided by the stream's enabled flag, key, lease and session, which the
// caller's conditions carry, not by its status alone.
//
// What each move emits: every committed change of a stream publishes a change
// notice to subscriptions through the changefeed hook, whatever wrote it; the
// ingest node holding a session watches it to end a disabled or completed
// stream's session. The webhook events are recorded by the callers, in the
// move's transaction, and stay there:
//
//	PublisherConnected    livestream.connected
//	PublisherReconnected  livestream.connected (reconnect: true)
//	PublisherLeft         livestream.disconnected
//	NodeLost              livestream.disconnected (cause node_lost)
//	SessionEnded          livestream.ended (recorded with the session's end)
//	Enabled               livestream.enabled
//	Disabled              livestream.disabled
package streamlifecycle
