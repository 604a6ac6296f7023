package database

import (
	"fmt"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/lib/pq"
)

// TestRefused tells the refusals start-up waits out (too many clients,
// starting up, nothing listening) from errors waiting does not cure.
func TestRefused(t *testing.T) {
	dial := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&pq.Error{Code: "53300", Message: "sorry, too many clients already"}, true},
		{fmt.Errorf("ping: %w", &pq.Error{Code: "57P03", Message: "the database system is starting up"}), true},
		{&pgconn.PgError{Code: "53300"}, true},
		{fmt.Errorf("dial: %w", dial), true},
		{&pq.Error{Code: "28P01", Message: "password authentication failed"}, false},
		{&pq.Error{Code: "3D000", Message: `database "x" does not exist`}, false},
		{&pgconn.PgError{Code: "42P01"}, false},
		{fmt.Errorf("something else"), false},
	} {
		if got := Refused(c.err); got != c.want {
			t.Errorf("Refused(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

// TestSplitConnections: the pools never exceed the total, and each keeps
// what it needs.
func TestSplitConnections(t *testing.T) {
	for total := 10; total <= 60; total++ {
		for _, workers := range []bool{false, true} {
			p := SplitConnections(total, workers)
			if p.Total() != total || p.Main < 3 || p.Listen != 1 || p.RateLimits < 1 || p.Queue < 2 || (workers && p.Queue < 4) {
				t.Errorf("SplitConnections(%d, %v) = %+v", total, workers, p)
			}
		}
	}
}
