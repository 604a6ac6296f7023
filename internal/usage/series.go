package usage

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/storedobject"
	"github.com/vidra-dev/vidra/ent/usagehourly"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Delivery is the delivered usage of one UTC hour.
type Delivery struct {
	Hour  time.Time
	Bytes int64
	// Ms is the media milliseconds of the segments served whole.
	Ms int64
}

// Deliveries are the scope's delivered usage per UTC hour that starts in
// [from, to), hours without delivery left out, in time order.
func Deliveries(ctx context.Context, client *ent.Client, s Scope, from, to time.Time) ([]Delivery, error) {
	ctx = tenancy.RoutineContext(ctx, "usage series")
	var rows []struct {
		Hour   time.Time `json:"hour"`
		Metric string    `json:"metric"`
		Sum    int64     `json:"sum"`
	}
	if err := client.UsageHourly.Query().
		Where(s.hourly(), usagehourly.HourGTE(from.UTC()), usagehourly.HourLT(to.UTC())).
		GroupBy(usagehourly.FieldHour, usagehourly.FieldMetric).Aggregate(ent.Sum(usagehourly.FieldQuantity)).
		Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("usage series: %w", err)
	}
	byHour := map[int64]*Delivery{}
	for _, r := range rows {
		k := r.Hour.Unix()
		d := byHour[k]
		if d == nil {
			d = &Delivery{Hour: r.Hour.UTC()}
			byHour[k] = d
		}
		switch r.Metric {
		case DeliveredBytes:
			d.Bytes += r.Sum
		case DeliveredSeconds:
			d.Ms += r.Sum
		}
	}
	out := make([]Delivery, 0, len(byHour))
	for _, d := range byHour {
		out = append(out, *d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hour.Before(out[j].Hour) })
	return out, nil
}

// Storage is a scope's storage: held at a moment and integrated over a period.
type Storage struct {
	// Bytes and VideoSeconds are held at the moment asked.
	Bytes        int64
	VideoSeconds float64
	// ByteSeconds and VideoSecondSeconds are the integrals over the period.
	ByteSeconds, VideoSecondSeconds int64
}

// StorageOf is the scope's storage held at `at` and integrated over [from, to).
func StorageOf(ctx context.Context, client *ent.Client, s Scope, from, to, at time.Time) (Storage, error) {
	ctx = tenancy.RoutineContext(ctx, "usage storage")
	var out Storage
	var err error
	if out.ByteSeconds, out.VideoSecondSeconds, err = storage(ctx, client, s, from, to); err != nil {
		return out, err
	}
	objs, err := client.StoredObject.Query().
		Where(s.stored(), storedobject.CreatedAtLTE(at),
			storedobject.Or(storedobject.DeletedAtIsNil(), storedobject.DeletedAtGT(at))).
		Select(storedobject.FieldBytes, storedobject.FieldVideoSeconds).
		All(ctx)
	if err != nil {
		return out, fmt.Errorf("usage storage: %w", err)
	}
	for _, o := range objs {
		out.Bytes += o.Bytes
		out.VideoSeconds += o.VideoSeconds
	}
	return out, nil
}
