package config

import (
	"fmt"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaultsServeEmbeddedMode(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DataDir != "./data" || c.DatabaseURL != "" {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if !strings.HasPrefix(c.StorageURL, "file:///") || !strings.HasSuffix(c.StorageURL, "/data/blobs") {
		t.Fatalf("storage default = %q", c.StorageURL)
	}
	if c.PublicURL != "http://localhost:8080" {
		t.Fatalf("public URL default = %q", c.PublicURL)
	}
	if len(c.Regions) != 1 || c.Regions[0].ID != "local" {
		t.Fatalf("regions default = %+v", c.Regions)
	}
	if len(c.TrustedProxies) != 0 {
		t.Fatalf("trusted proxies default = %v, want none", c.TrustedProxies)
	}
}

func TestTrustedProxiesParse(t *testing.T) {
	c, err := FromEnv(env(map[string]string{"VIDRA_TRUSTED_PROXIES": "10.0.0.0/8, fd00::/8,127.0.0.1"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(c.TrustedProxies); got != "[10.0.0.0/8 fd00::/8 127.0.0.1/32]" {
		t.Fatalf("trusted proxies = %s", got)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.internal", "10.0.0.0/8;192.168.0.0/16"} {
		_, err := FromEnv(env(map[string]string{"VIDRA_TRUSTED_PROXIES": bad}))
		if err == nil || !strings.Contains(err.Error(), "VIDRA_TRUSTED_PROXIES") {
			t.Errorf("VIDRA_TRUSTED_PROXIES=%q: error %v, want one naming the variable", bad, err)
		}
	}
}

func TestInvalidValuesAreAllReported(t *testing.T) {
	_, err := FromEnv(env(map[string]string{
		"VIDRA_ADDR":            "nonsense",
		"VIDRA_DATABASE_URL":    "mysql://x",
		"VIDRA_STORAGE_URL":     "ftp://x",
		"VIDRA_LOG_LEVEL":       "loud",
		"VIDRA_REGIONS":         "eu",
		"VIDRA_TRUSTED_PROXIES": "10.0.0.0/8, 10.0.0.0/33",
	}))
	if err == nil {
		t.Fatal("want an error")
	}
	for _, name := range []string{"VIDRA_ADDR", "VIDRA_DATABASE_URL", "VIDRA_STORAGE_URL", "VIDRA_LOG_LEVEL", "VIDRA_REGIONS", "VIDRA_TRUSTED_PROXIES"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error does not name %s: %v", name, err)
		}
	}
}

func TestRegionsParse(t *testing.T) {
	c, err := FromEnv(env(map[string]string{"VIDRA_REGIONS": "eu-west:EU West, us-east:US East"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Regions) != 2 || c.Regions[1] != (Region{ID: "us-east", Name: "US East"}) {
		t.Fatalf("regions = %+v", c.Regions)
	}
	if _, err := FromEnv(env(map[string]string{"VIDRA_REGIONS": "a:A,a:B"})); err == nil {
		t.Fatal("duplicate region accepted")
	}
}

func TestVimeoAPIURL(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil || c.Media.VimeoAPIURL != "https://api.vimeo.com" {
		t.Fatalf("Vimeo API default = %q, %v", c.Media.VimeoAPIURL, err)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_VIMEO_API_URL": "http://127.0.0.1:9000/"}))
	if err != nil || c.Media.VimeoAPIURL != "http://127.0.0.1:9000" {
		t.Fatalf("VIDRA_VIMEO_API_URL = %q, %v", c.Media.VimeoAPIURL, err)
	}
	for _, bad := range []string{"api.vimeo.com", "ftp://api.vimeo.com", "https://"} {
		if _, err := FromEnv(env(map[string]string{"VIDRA_VIMEO_API_URL": bad})); err == nil || !strings.Contains(err.Error(), "VIDRA_VIMEO_API_URL") {
			t.Errorf("VIDRA_VIMEO_API_URL=%q: error %v, want one naming the variable", bad, err)
		}
	}
}

func TestAccountCheckSetting(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil || c.Auth.AccountCheck != AccountCheckUniform {
		t.Fatalf("default: %q %v, want uniform", c.Auth.AccountCheck, err)
	}
	if c, err = FromEnv(env(map[string]string{"VIDRA_ACCOUNT_CHECK": "reveal"})); err != nil || c.Auth.AccountCheck != AccountCheckReveal {
		t.Fatalf("reveal: %q %v", c.Auth.AccountCheck, err)
	}
	if _, err = FromEnv(env(map[string]string{"VIDRA_ACCOUNT_CHECK": "yes"})); err == nil || !strings.Contains(err.Error(), "VIDRA_ACCOUNT_CHECK") {
		t.Fatalf("invalid value: %v, want an error naming the variable", err)
	}
}
