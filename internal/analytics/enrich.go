package analytics

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/netip"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/mileusna/useragent"
	"github.com/phuslu/iploc"
)

// Drop reasons counted in analytics_drops.
const (
	DropBotUserAgent = "bot_user_agent"
	DropHeadless     = "headless"
	DropRate         = "rate"
	DropBadEvent     = "bad_event"
	DropWrongProject = "wrong_project"
	DropQueueFull    = "queue_full"
	// DropWriteFailed counts the accepted beacons the database refused to
	// store (a row it rejects): lost alone, never with the rest of their batch.
	DropWriteFailed = "write_failed"
)

// client is what the collector knows of a viewer's device.
type client struct {
	Device, OS, Browser string
	// Drop is the reason to drop the viewer's input, "" to keep it.
	Drop string
}

// uaCache keeps the classification of the most recently seen user agents (a
// bounded LRU): a player sends the same user agent with every beacon, and
// parsing one costs more than the rest of the request's enrichment.
type uaCache struct {
	lru *lru.Cache[string, client]
}

// maxCachedAgents bounds the user agents kept; a longer one is not kept.
const (
	maxCachedAgents = 20_000
	maxCachedUALen  = 512
)

func newUACache(size int) *uaCache {
	c, err := lru.New[string, client](size)
	if err != nil {
		panic(err) // size > 0: a constant of this package
	}
	return &uaCache{lru: c}
}

// parse classifies a user agent: device type, OS, browser, and whether it is
// a bot (any bot UA) or a headless browser (HeadlessChrome), which allowHeadless
// keeps (for test deployments driving a real headless browser).
func (c *uaCache) parse(ua string, allowHeadless bool) client {
	cl, ok := c.lru.Get(ua)
	if !ok {
		cl = classify(ua)
		if len(ua) <= maxCachedUALen {
			c.lru.Add(ua, cl)
		}
	}
	if cl.Drop == DropHeadless && allowHeadless {
		cl.Drop = ""
	}
	return cl
}

func classify(ua string) client {
	if strings.TrimSpace(ua) == "" {
		return client{Device: "other", Drop: DropBotUserAgent}
	}
	p := useragent.Parse(ua)
	cl := client{OS: clip(p.OS, 64), Browser: clip(p.Name, 64)}
	switch {
	case p.Tablet:
		cl.Device = "tablet"
	case p.Mobile:
		cl.Device = "mobile"
	case isTV(ua):
		cl.Device = "tv"
	case p.Desktop:
		cl.Device = "desktop"
	default:
		cl.Device = "other"
	}
	switch {
	case p.Name == useragent.HeadlessChrome || strings.Contains(ua, "HeadlessChrome"):
		cl.Drop = DropHeadless
	case p.Bot:
		cl.Drop = DropBotUserAgent
	}
	return cl
}

// isTV recognises the common smart-TV and streaming-box user agents.
func isTV(ua string) bool {
	l := strings.ToLower(ua)
	for _, s := range []string{"smart-tv", "smarttv", "googletv", "appletv", "hbbtv", "tizen", "webos", "crkey", "roku", "aft", "bravia"} {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// countryOf is the viewer's country: the trusted proxy's header when it gave
// one, else the embedded IP-to-country database (IP2Location LITE via
// github.com/phuslu/iploc), "" when unknown.
func countryOf(header string, ip string) string {
	if c := strings.ToUpper(strings.TrimSpace(header)); len(c) == 2 && c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' && c[1] <= 'Z' {
		if c == "XX" || c == "T1" {
			return ""
		}
		return c
	}
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ""
	}
	c := iploc.IPCountry(addr.Unmap())
	if len(c) != 2 || c == "ZZ" {
		return ""
	}
	return c
}

// viewerKey is HMAC-SHA256(salt, project|IP|UA), hex, 32 characters: the same
// viewer gives the same key for one salt (one day), and once the salt is gone
// the key cannot be tied to an IP.
func viewerKey(salt []byte, project, ip, ua string) string {
	m := hmac.New(sha256.New, salt)
	msg := make([]byte, 0, len(project)+len(ip)+len(ua)+2)
	msg = append(append(append(append(append(msg, project...), '|'), ip...), '|'), ua...)
	m.Write(msg)
	var sum [sha256.Size]byte
	var out [2 * sha256.Size]byte
	hex.Encode(out[:], m.Sum(sum[:0]))
	return string(out[:32])
}
