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
	want := HTTP{ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, Playground: true, Studio: true, Introspection: IntrospectionAuthenticated,
		WSMaxConnectionsPerCaller: 16, WSMaxSubscriptionsPerConnection: 32, WSCredentialRecheck: 30 * time.Second, WSResumeWindow: 15 * time.Minute,
		APIQueueWait: 250 * time.Millisecond}
	if !reflect.DeepEqual(c.HTTP, want) {
		t.Errorf("defaults: %+v, want %+v", c.HTTP, want)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_PLAYGROUND": "false", "VIDRA_INTROSPECTION": "true", "VIDRA_READ_TIMEOUT": "5m"}))
	if err != nil || c.HTTP.Playground || c.HTTP.Introspection != IntrospectionOn || c.HTTP.ReadTimeout != 5*time.Minute {
		t.Errorf("set: %+v, %v", c.HTTP, err)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_APP_ORIGINS": " https://app.example.com/, http://localhost:3000",
		"VIDRA_WS_MAX_CONNECTIONS_PER_CALLER": "3", "VIDRA_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION": "4"}))
	if err != nil || !reflect.DeepEqual(c.HTTP.AppOrigins, []string{"https://app.example.com", "http://localhost:3000"}) ||
		c.HTTP.WSMaxConnectionsPerCaller != 3 || c.HTTP.WSMaxSubscriptionsPerConnection != 4 {
		t.Errorf("websocket settings: %+v, %v", c.HTTP, err)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_API_CONCURRENCY": "6", "VIDRA_API_QUEUE_WAIT": "1s"}))
	if err != nil || c.HTTP.APIConcurrency != 6 || c.HTTP.APIQueueWait != time.Second {
		t.Errorf("admission settings: %+v, %v", c.HTTP, err)
	}
	for name, value := range map[string]string{
		"VIDRA_PLAYGROUND": "maybe", "VIDRA_INTROSPECTION": "sometimes",
		"VIDRA_READ_TIMEOUT": "0s", "VIDRA_READ_HEADER_TIMEOUT": "soon",
		"VIDRA_APP_ORIGINS": "https://app.example.com/path", "VIDRA_WS_MAX_CONNECTIONS_PER_CALLER": "0",
		"VIDRA_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION": "many", "VIDRA_API_CONCURRENCY": "-1", "VIDRA_API_QUEUE_WAIT": "0s",
	} {
		if _, err := FromEnv(env(map[string]string{name: value})); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: %v", name, value, err)
		}
	}
}

func TestAppOrigins(t *testing.T) {
	c, err := FromEnv(env(map[string]string{"VIDRA_APP_ORIGINS": " https://App.Example.com/ , http://127.0.0.1:5173,*"}))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"https://app.example.com", "http://127.0.0.1:5173", "*"}; !slices.Equal(c.HTTP.AppOrigins, want) {
		t.Errorf("origins %q, want %q", c.HTTP.AppOrigins, want)
	}
	for _, bad := range []string{"app.example.com", "ftp://x.example", "https://x.example?q=1", "https://user@x.example"} {
		if _, err := FromEnv(env(map[string]string{"VIDRA_APP_ORIGINS": bad})); err == nil || !strings.Contains(err.Error(), "VIDRA_APP_ORIGINS") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
