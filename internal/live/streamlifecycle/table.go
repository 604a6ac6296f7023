package streamlifecycle

import (
	"github.com/vidra-dev/vidra/ent/livestream"
)

// event names what happened to a stream; each has one row in transitions.
type event string

// The events, one per move.
const (
	publisherConnected   event = "PublisherConnected"
	publisherReconnected event = "PublisherReconnected"
	publisherLeft        event = "PublisherLeft"
	nodeLost             event = "NodeLost"
	sessionEnded         event = "SessionEnded"
	sessionEndedDisabled event = "SessionEndedDisabled"
	enabled              event = "Enabled"
	disabled             event = "Disabled"
)

// transition is one row of the table: the statuses a stream may be in for the
// event to apply, and the status it then has.
type transition struct {
	from []livestream.Status
	to   livestream.Status
}

// every is every status: the from-states of the moves whose other conditions
// decide.
var every = []livestream.Status{livestream.StatusIdle, livestream.StatusActive, livestream.StatusDisconnected, livestream.StatusDisabled}

// transitions is the lifecycle: every status change a stream may go through.
// The from-states are what each writer accepted before the table existed
// (its WHERE clause, or the status it had just checked).
var transitions = map[event]transition{
	// A new session claims the stream whatever its status: the claim's
	// conditions (enabled, the key, an expired lease or no publisher, the
	// session as read) decide.
	publisherConnected:   {from: every, to: livestream.StatusActive},
	publisherReconnected: {from: []livestream.Status{livestream.StatusActive, livestream.StatusDisconnected}, to: livestream.StatusActive},
	publisherLeft:        {from: []livestream.Status{livestream.StatusActive}, to: livestream.StatusDisconnected},
	nodeLost:             {from: []livestream.Status{livestream.StatusActive}, to: livestream.StatusDisconnected},
	// A session ends, whatever the stream's status, when the stream still
	// points at it; a disabled stream stays disabled.
	sessionEnded:         {from: every, to: livestream.StatusIdle},
	sessionEndedDisabled: {from: every, to: livestream.StatusDisabled},
	enabled:              {from: []livestream.Status{livestream.StatusDisabled}, to: livestream.StatusIdle},
	disabled:             {from: every, to: livestream.StatusDisabled},
}
