package ingest_test

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"time"
)

// rtmpClientHandshake runs the plain RTMP handshake as a client on c: C0 and
// C1, then reads S0, S1 and S2 (which proves the server took the connection),
// then sends C2. 3,073 bytes are sent.
func rtmpClientHandshake(c net.Conn) error {
	c0c1 := make([]byte, 1+1536)
	c0c1[0] = 3
	_, _ = rand.Read(c0c1[9:])
	if _, err := c.Write(c0c1); err != nil {
		return err
	}
	s := make([]byte, 1+1536+1536)
	if _, err := io.ReadFull(c, s); err != nil {
		return err
	}
	_, err := c.Write(s[1 : 1+1536]) // C2 echoes S1
	return err
}

// rtmpChunk0 is a format 0 chunk on chunk stream csid: its message header
// (timestamp 0, message stream 0) announcing a message of msgLen bytes of
// type typ, followed by body (which may be shorter than msgLen).
func rtmpChunk0(csid, typ byte, msgLen uint32, body []byte) []byte {
	b := []byte{csid, 0, 0, 0, byte(msgLen >> 16), byte(msgLen >> 8), byte(msgLen), typ, 0, 0, 0, 0}
	return append(b, body...)
}

// oversizedChunkAttack is what the security probe sent after the handshake
// (28 bytes, 3,101 with it): a set-chunk-size of 10 MiB, then the header of a
// 10 MiB command message whose body never comes. An unguarded RTMP library
// allocates the 10 MiB body as soon as it reads the header.
func oversizedChunkAttack() []byte {
	size := make([]byte, 4)
	binary.BigEndian.PutUint32(size, 10<<20)
	b := rtmpChunk0(2, 1, 4, size)
	return append(b, rtmpChunk0(3, 20, 10<<20, nil)...)
}

// partialConnect is the start of a connect command that never ends: a
// patient client that holds its connection without presenting a key.
func partialConnect() []byte {
	return rtmpChunk0(3, 20, 120, []byte{0x02, 0x00, 0x07, 'c', 'o', 'n', 'n', 'e', 'c', 't'})
}

// dialAttacker connects to an RTMP listener, handshakes (when handshake is
// set) and sends payload; the connection stays open.
func dialAttacker(addr string, handshake bool, payload []byte) (net.Conn, error) {
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	if handshake {
		if err := rtmpClientHandshake(c); err != nil {
			_ = c.Close()
			return nil, fmt.Errorf("handshake: %w", err)
		}
	}
	if _, err := c.Write(payload); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("send: %w", err)
	}
	_ = c.SetDeadline(time.Time{})
	return c, nil
}

// closedByServer waits (up to limit, a failure bound) for the server to close
// c: a read ending in EOF or a reset. False when c is still open at limit.
func closedByServer(c net.Conn, limit time.Duration) bool {
	_ = c.SetReadDeadline(time.Now().Add(limit))
	buf := make([]byte, 4096)
	for {
		_, err := c.Read(buf)
		if err == nil {
			continue
		}
		var ne net.Error
		return !(errors.As(err, &ne) && ne.Timeout())
	}
}
