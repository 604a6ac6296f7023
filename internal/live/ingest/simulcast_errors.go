package ingest

import (
	"errors"

	"github.com/vidra-dev/vidra/internal/netguard"
)

// What a simulcast target's history (and its livestream.simulcast.error)
// says of a failure: its kind in fixed words, never the address it resolved
// to or what the server there answered, so that the history cannot be used
// to learn what listens at an address. The detail goes to the node's log.
var (
	errTargetPolicy     = errors.New("connection refused by policy: the target's address is not a public one")
	errTargetUnresolved = errors.New("could not connect: the target's host name does not resolve")
	errTargetConnect    = errors.New("could not connect to the target, or it refused the stream (check its URL and stream key)")
	errTargetLost       = errors.New("the connection to the target was lost")
)

// connectError is a failure to connect to a target and have it take the
// stream (dial, handshake, connect and publish commands).
type connectError struct{ err error }

func (e connectError) Error() string { return "connect: " + e.err.Error() }
func (e connectError) Unwrap() error { return e.err }

// targetError is the history's wording of a target's failure.
func targetError(err error) error {
	var ce connectError
	switch {
	case errors.Is(err, netguard.ErrRefused):
		return errTargetPolicy
	case errors.Is(err, netguard.ErrUnresolved):
		return errTargetUnresolved
	case errors.As(err, &ce):
		return errTargetConnect
	}
	return errTargetLost
}
