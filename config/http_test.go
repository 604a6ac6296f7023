package config

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestHTTPSettings(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := HTTP{ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, Playground: true, Introspection: IntrospectionOn}
	if !reflect.DeepEqual(c.HTTP, want) {
		t.Errorf("defaults: %+v, want %+v", c.HTTP, want)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_PLAYGROUND": "false", "VIDRA_INTROSPECTION": "authenticated", "VIDRA_READ_TIMEOUT": "5m"}))
	if err != nil || c.HTTP.Playground || c.HTTP.Introspection != IntrospectionAuthenticated || c.HTTP.ReadTimeout != 5*time.Minute {
		t.Errorf("set: %+v, %v", c.HTTP, err)
	}
	for name, value := range map[string]string{
		"VIDRA_PLAYGROUND": "maybe", "VIDRA_INTROSPECTION": "sometimes",
		"VIDRA_READ_TIMEOUT": "0s", "VIDRA_READ_HEADER_TIMEOUT": "soon",
		"VIDRA_CORS_ORIGINS": "https://app.example.com/path",
	} {
		if _, err := FromEnv(env(map[string]string{name: value})); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: %v", name, value, err)
		}
	}
}

func TestCORSOrigins(t *testing.T) {
	c, err := FromEnv(env(map[string]string{"VIDRA_CORS_ORIGINS": " https://App.Example.com/ , http://127.0.0.1:5173,*"}))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"https://app.example.com", "http://127.0.0.1:5173", "*"}; !slices.Equal(c.HTTP.CORSOrigins, want) {
		t.Errorf("origins %q, want %q", c.HTTP.CORSOrigins, want)
	}
	for _, bad := range []string{"app.example.com", "ftp://x.example", "https://x.example?q=1", "https://user@x.example"} {
		if _, err := FromEnv(env(map[string]string{"VIDRA_CORS_ORIGINS": bad})); err == nil || !strings.Contains(err.Error(), "VIDRA_CORS_ORIGINS") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
