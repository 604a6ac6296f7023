package ingest

import (
	"strings"
	"sync"
	"time"

	srt "github.com/datarhei/gosrt"
)

// srtShutdownTopic is the gosrt log topic of a SHUTDOWN control packet
// received from the peer: a publisher that ended its stream on purpose.
const srtShutdownTopic = "control:recv:shutdown"

// srtShutdownGrace bounds the wait, at a connection's end, for the notice that
// the peer sent SHUTDOWN. gosrt logs the packet before it closes the
// connection, so the notice is already queued when the read ends; the wait
// only covers the hand-over between goroutines.
const srtShutdownGrace = 250 * time.Millisecond

// srtShutdowns tells an SRT connection that ended because the publisher sent
// SHUTDOWN (a clean stop, publisher_closed) from one whose peer fell silent
// (timeout). gosrt reports both as io.EOF from Read and exposes the SHUTDOWN
// only through its logger, so the listener's logger carries just that topic
// and this type routes each notice to its connection by socket id.
//
// Written by hand: gosrt has no per-connection close cause in its API.
type srtShutdowns struct {
	logger srt.Logger

	mu      sync.Mutex
	waiting map[uint32]chan struct{}
	done    chan struct{}
}

// newSRTShutdowns starts routing the SHUTDOWN notices of logger's listener.
func newSRTShutdowns() *srtShutdowns {
	t := &srtShutdowns{
		logger:  srt.NewLogger([]string{srtShutdownTopic}),
		waiting: map[uint32]chan struct{}{},
		done:    make(chan struct{}),
	}
	go t.route()
	return t
}

// route closes the channel of each socket whose peer sent SHUTDOWN.
func (t *srtShutdowns) route() {
	defer close(t.done)
	for l := range t.logger.Listen() {
		// gosrt logs the packet under sub-topics (":dump").
		if !strings.HasPrefix(l.Topic, srtShutdownTopic) {
			continue
		}
		t.mu.Lock()
		if ch, ok := t.waiting[l.SocketId]; ok {
			close(ch)
			delete(t.waiting, l.SocketId)
		}
		t.mu.Unlock()
	}
}

// watch registers socket, whose SHUTDOWN closes the returned channel. Call
// forget when the connection is over.
func (t *srtShutdowns) watch(socket uint32) <-chan struct{} {
	ch := make(chan struct{})
	t.mu.Lock()
	t.waiting[socket] = ch
	t.mu.Unlock()
	return ch
}

// forget drops socket's registration (after a SHUTDOWN it is gone already).
func (t *srtShutdowns) forget(socket uint32) {
	t.mu.Lock()
	delete(t.waiting, socket)
	t.mu.Unlock()
}

// sentShutdown reports whether the peer sent SHUTDOWN, waiting up to
// srtShutdownGrace for the notice of a connection whose read has ended.
func sentShutdown(notice <-chan struct{}) bool {
	select {
	case <-notice:
		return true
	default:
	}
	t := time.NewTimer(srtShutdownGrace)
	defer t.Stop()
	select {
	case <-notice:
		return true
	case <-t.C:
		return false
	}
}

// close stops the routing; call it after the listener is closed.
func (t *srtShutdowns) close() {
	t.logger.Close()
	<-t.done
}
