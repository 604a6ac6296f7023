package ingest

import (
	"errors"
	"io"
	"net"
	"syscall"

	srt "github.com/datarhei/gosrt"
)

// Refusals of a publisher.
var (
	// errWrongKey: no stream has this key.
	errWrongKey = errors.New("unknown stream key")
	// errDisabled: the stream is disabled.
	errDisabled = errors.New("the stream is disabled")
	// errBusy: another publisher holds the stream (here or on another node).
	errBusy = errors.New("another publisher is live on this stream")
	// errMoved: the session this node would end continues on another node.
	errMoved = errors.New("the live session continues on another node")
)

// srtReason is the SRT rejection code of a refusal.
func srtReason(err error) srt.RejectionReason {
	switch {
	case errors.Is(err, errWrongKey):
		return srt.REJX_UNAUTHORIZED
	case errors.Is(err, errDisabled):
		return srt.REJX_FORBIDDEN
	case errors.Is(err, errBusy):
		return srt.REJX_CONFLICT
	}
	return srt.REJX_ISE
}

// isDisconnect says whether a connection's end is the network's doing (the
// publisher went away) rather than bad media.
func isDisconnect(err error) bool {
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, net.ErrClosed) || errors.Is(err, io.ErrClosedPipe) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne)
}
