package config

import (
	"fmt"
	"strconv"
	"time"
)

// Analytics is the configuration of analytics ingest and storage.
type Analytics struct {
	// AllowHeadless keeps beacons from headless browsers (HeadlessChrome), which
	// are dropped as bots otherwise: for test deployments driving a real headless
	// browser (VIDRA_ANALYTICS_ALLOW_HEADLESS, default false).
	AllowHeadless bool
	// RatePerIP is the beacon requests per second one client address may send
	// before 429 (VIDRA_ANALYTICS_RATE_PER_IP, default 20; bursts of 3 s).
	RatePerIP float64
	// QueueSize is the number of accepted beacons waiting for the writer before
	// 503 (VIDRA_ANALYTICS_QUEUE, default 10000).
	QueueSize int
	// RollupInterval is how often dirty hours are rolled up (VIDRA_ANALYTICS_ROLLUP_INTERVAL, default 30s).
	RollupInterval time.Duration
	// Retention of raw events, views and hourly rollups (VIDRA_ANALYTICS_EVENTS_RETENTION
	// default 720h = 30 days, VIDRA_ANALYTICS_VIEWS_RETENTION default 9490h ~ 13 months,
	// VIDRA_ANALYTICS_HOURLY_RETENTION default 2160h = 90 days). Daily rollups are kept.
	EventsRetention, ViewsRetention, HourlyRetention time.Duration
}

// readAnalytics reads the Analytics configuration through get (name, default).
func readAnalytics(get func(name, def string) string) (Analytics, []error) {
	var errs []error
	duration := func(name, def string) time.Duration { return positiveDuration(get, &errs, name, def) }
	headless, err := strconv.ParseBool(get("VIDRA_ANALYTICS_ALLOW_HEADLESS", "false"))
	if err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_ANALYTICS_ALLOW_HEADLESS: want true or false"))
	}
	ratePerIP, err := strconv.ParseFloat(get("VIDRA_ANALYTICS_RATE_PER_IP", "20"), 64)
	if err != nil || ratePerIP <= 0 {
		errs = append(errs, fmt.Errorf("VIDRA_ANALYTICS_RATE_PER_IP: want a positive number"))
	}
	queue, err := strconv.Atoi(get("VIDRA_ANALYTICS_QUEUE", "10000"))
	if err != nil || queue <= 0 {
		errs = append(errs, fmt.Errorf("VIDRA_ANALYTICS_QUEUE: want a positive whole number"))
	}
	return Analytics{
		AllowHeadless:   headless,
		RatePerIP:       ratePerIP,
		QueueSize:       queue,
		RollupInterval:  duration("VIDRA_ANALYTICS_ROLLUP_INTERVAL", "30s"),
		EventsRetention: duration("VIDRA_ANALYTICS_EVENTS_RETENTION", "720h"),
		ViewsRetention:  duration("VIDRA_ANALYTICS_VIEWS_RETENTION", "9490h"),
		HourlyRetention: duration("VIDRA_ANALYTICS_HOURLY_RETENTION", "2160h"),
	}, errs
}
