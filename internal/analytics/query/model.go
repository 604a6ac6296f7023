// Package query is the one query shape of Vidra's analytics (docs/spec.md 2.6,
// generalised): a time range, filters, group-bys and metrics, each metric with
// filters and group-bys of its own. Compile turns a Query into one parameterised
// SQL statement per metric that runs the same on SQLite and PostgreSQL; Run
// executes it and shapes the result (every time bucket present, counts 0,
// averages null).
package query

import (
	"fmt"
	"time"
)

// Dimension is a field a query filters or groups by.
type Dimension string

// The dimensions. The time_interval_* ones only group (the range filters time).
const (
	TimeMinute     Dimension = "time_interval_minute"
	TimeHour       Dimension = "time_interval_hour"
	TimeDay        Dimension = "time_interval_day"
	TimeWeek       Dimension = "time_interval_week"
	TimeMonth      Dimension = "time_interval_month"
	MediaID        Dimension = "media_id"
	FolderID       Dimension = "folder_id"
	PlayerID       Dimension = "player_id"
	UserID         Dimension = "user_id"
	ViewID         Dimension = "view_id"
	Country        Dimension = "country"
	DeviceType     Dimension = "device_type"
	OS             Dimension = "os"
	Browser        Dimension = "browser"
	PlayerSoftware Dimension = "player_software"
	StreamType     Dimension = "stream_type"
	ErrorCode      Dimension = "error_code"
	Verified       Dimension = "verified"
)

// Dimensions are all dimensions, in the order of the GraphQL enum.
var Dimensions = []Dimension{TimeMinute, TimeHour, TimeDay, TimeWeek, TimeMonth, MediaID, FolderID,
	PlayerID, UserID, ViewID, Country, DeviceType, OS, Browser, PlayerSoftware, StreamType, ErrorCode, Verified}

// IsTime tells the time_interval_* dimensions.
func (d Dimension) IsTime() bool {
	switch d {
	case TimeMinute, TimeHour, TimeDay, TimeWeek, TimeMonth:
		return true
	}
	return false
}

// Operator compares a dimension with a filter's values.
type Operator string

// The operators. contains is a case-sensitive substring match; gt, gte, lt and
// lte compare as text (ISO codes, ids and names order as strings).
const (
	Equal    Operator = "equal"
	NotEqual Operator = "not_equal"
	Contains Operator = "contains"
	GT       Operator = "gt"
	GTE      Operator = "gte"
	LT       Operator = "lt"
	LTE      Operator = "lte"
)

// Operators are all operators.
var Operators = []Operator{Equal, NotEqual, Contains, GT, GTE, LT, LTE}

// Metric names a measure of the views.
type Metric string

// The metrics. Times are seconds except video_startup_time (milliseconds);
// percentages are 0-100, completion_rate is 0-1.
const (
	Views                     Metric = "views"
	ViewAttempts              Metric = "view_attempts"
	UniqueViewers             Metric = "unique_viewers"
	TotalWatchTime            Metric = "total_watch_time"
	AvgWatchTime              Metric = "avg_watch_time"
	AvgWatchTimePerViewer     Metric = "avg_watch_time_per_viewer"
	CompletionRate            Metric = "completion_rate"
	TotalMediaError           Metric = "total_media_error"
	PlaybackFailurePercentage Metric = "playback_failure_percentage"
	VideoStartupTime          Metric = "video_startup_time"
	RebufferPercentage        Metric = "rebuffer_percentage"
	ExitsBeforeVideoStart     Metric = "exits_before_video_start"
	DeliveredMinutes          Metric = "delivered_minutes"
	BytesServed               Metric = "bytes_served"
	// ConcurrentViewers is realtime: the views playing now (see ConcurrentWindow).
	// It ignores the time range and takes no time group-by.
	ConcurrentViewers Metric = "concurrent_viewers"
)

// ConcurrentWindow is how recent a view's latest beacon must be (by the
// server's clock: the writer's updated_at) for the view to count as playing
// now: three heartbeats of 10 s, so one or two lost beacons do not drop a
// viewer. A view whose player ended (closed) does not count.
const ConcurrentWindow = 30 * time.Second

// Metrics are all metrics, in the order of the GraphQL enum.
var Metrics = []Metric{Views, ViewAttempts, UniqueViewers, TotalWatchTime, AvgWatchTime, AvgWatchTimePerViewer,
	CompletionRate, TotalMediaError, PlaybackFailurePercentage, VideoStartupTime, RebufferPercentage,
	ExitsBeforeVideoStart, DeliveredMinutes, BytesServed, ConcurrentViewers}

// Order is the order of a metric's rows.
type Order string

// The orders: by the group keys (time first), or by value.
const (
	ByKeys    Order = "keys"
	ValueDesc Order = "value_desc"
	ValueAsc  Order = "value_asc"
)

// Filter keeps the views whose Field compares with one of Values (OR'd).
type Filter struct {
	Field    Dimension
	Operator Operator
	Values   []string
}

// MetricQuery is one metric with the filters and group-bys it adds to the query's.
type MetricQuery struct {
	Name     Metric
	Filters  []Filter
	GroupBys []Dimension
}

// Query is the dataset query: views that started in [Start, End), the filters
// AND'd, each metric grouped by the query's group-bys and its own.
type Query struct {
	Start, End time.Time
	Filters    []Filter
	GroupBys   []Dimension
	Metrics    []MetricQuery
	// Order orders each metric's rows; ByKeys when empty.
	Order Order
	// Limit keeps the first rows of each metric (0: all, up to MaxRows).
	Limit int
	// Now is the clock of the realtime metrics; time.Now() when zero.
	Now time.Time
}

// now is the query's clock.
func (q *Query) now() time.Time {
	if q.Now.IsZero() {
		return time.Now()
	}
	return q.Now
}

// The bounds of a query; beyond them it is refused (an *Error).
const (
	MaxRange   = 400 * 24 * time.Hour
	MaxBuckets = 1500
	MaxRows    = 10000
	MaxMetrics = 20
	MaxFilters = 20
	MaxValues  = 100
	MaxValue   = 256
	MaxGroups  = 4
)

// Error is a query the compiler refuses, about one field of the input.
type Error struct {
	Field   string
	Message string
}

func (e *Error) Error() string { return e.Message }

func refuse(field, format string, args ...any) *Error {
	return &Error{Field: field, Message: fmt.Sprintf(format, args...)}
}
