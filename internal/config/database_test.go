package config

import (
	"strings"
	"testing"
	"time"
)

// TestDatabaseSettings: the connection budget and the start-up wait have
// their defaults, take values, and refuse what cannot work with a message
// naming the variable.
func TestDatabaseSettings(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Database.MaxConns != 15 || c.Database.StartWait != time.Minute {
		t.Fatalf("defaults: %+v", c.Database)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_DB_MAX_CONNS": "12", "VIDRA_DB_START_WAIT": "0"}))
	if err != nil || c.Database.MaxConns != 12 || c.Database.StartWait != 0 {
		t.Fatalf("set: %+v, %v", c.Database, err)
	}
	for name, bad := range map[string]string{"VIDRA_DB_MAX_CONNS": "9", "VIDRA_DB_START_WAIT": "-1s"} {
		if _, err := FromEnv(env(map[string]string{name: bad})); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: %v", name, bad, err)
		}
	}
	if _, err := FromEnv(env(map[string]string{"VIDRA_DB_MAX_CONNS": "many"})); err == nil {
		t.Error("VIDRA_DB_MAX_CONNS=many accepted")
	}
}
