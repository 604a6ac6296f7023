package billing_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/subscriptionlifecycle"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// closeBenchOrgs is the number of organizations of BenchmarkPeriodClose10k.
const closeBenchOrgs = 10_000

// BenchmarkPeriodClose10k closes a calendar month for 10,000 organizations,
// each with an active subscription to a plan pricing two metrics and 24
// hourly usage rows plus two usage records in the month (240,000 hourly rows,
// 20,000 records), one project each and a webhook endpoint on every tenth
// project, then finalizes the 10,000 drafts after the draft window, with the
// server's event recorder (webhooks.Recorder) and job queue (jobs.Queue,
// insert-only, on the same database): 10,000 invoice.finalized events, 1,000
// deliveries and their 1,000 jobs. The time of one iteration is
// period close plus invoices (the target is < 30 s on either database); set-up
// is outside the timer, and the clock is the benchmark's.
func BenchmarkPeriodClose10k(b *testing.B) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				client, svc, clk, queue := closeBenchWorld(b, d)
				ctx := tenancy.SystemContext(context.Background(), "benchmark")
				dec := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
				b.StartTimer()
				t0, cpu0, pg0 := time.Now(), processCPU(), backendCPU(ctx, client)
				clk.Set(dec.Add(10 * time.Minute))
				n, err := svc.CloseDue(ctx)
				if err != nil || n != closeBenchOrgs {
					b.Fatalf("close: %d %v", n, err)
				}
				t1 := time.Now()
				clk.Set(dec.Add(2 * time.Hour))
				if n, err = svc.FinalizeDue(ctx); err != nil || n != closeBenchOrgs {
					b.Fatalf("finalize: %d %v", n, err)
				}
				b.StopTimer()
				b.ReportMetric(t1.Sub(t0).Seconds(), "close-s")
				b.ReportMetric(time.Since(t1).Seconds(), "finalize-s")
				b.ReportMetric((processCPU() - cpu0).Seconds(), "go-cpu-s")
				if d == dialect.Postgres {
					var pg time.Duration
					for pid, t := range backendCPU(ctx, client) {
						pg += t - pg0[pid]
					}
					b.ReportMetric(pg.Seconds(), "pg-cpu-s")
				}
				if c := client.Invoice.Query().CountX(ctx); c != closeBenchOrgs {
					b.Fatalf("%d invoices", c)
				}
				if c := client.Event.Query().CountX(ctx); c != closeBenchOrgs {
					b.Fatalf("%d events", c)
				}
				if c := client.WebhookDelivery.Query().CountX(ctx); c != closeBenchOrgs/10 {
					b.Fatalf("%d deliveries", c)
				}
				if js, err := queue.Jobs(ctx, webhooks.DeliverArgs{}.Kind(), closeBenchOrgs); err != nil || len(js) != closeBenchOrgs/10 {
					b.Fatalf("%d delivery jobs, %v", len(js), err)
				}
			}
		})
	}
}

// processCPU is the user and system CPU time of this process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// backendCPU is the user and system CPU time so far of each PostgreSQL
// backend connected to the client's database, by pid, read from /proc (the
// server runs on this machine); empty on SQLite or when unreadable. The pool
// keeps its connections, so the backends at the end of a run are those that
// served it.
func backendCPU(ctx context.Context, c *ent.Client) map[int]time.Duration {
	out := map[int]time.Duration{}
	rows, err := c.QueryContext(ctx, "SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
	if err != nil {
		return out
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var pid int
		if rows.Scan(&pid) != nil {
			continue
		}
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// Fields after the command's closing parenthesis: utime and stime
		// are the 12th and 13th, in clock ticks (100 a second on Linux).
		f := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:]))
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		out[pid] = time.Duration(u+st) * 10 * time.Millisecond
	}
	return out
}

// closeBenchWorld writes the benchmark's organizations, subscriptions and usage.
func closeBenchWorld(b *testing.B, dialect string) (*ent.Client, *billing.Service, *clock, *jobs.Queue) {
	db := testdb.Open(b, dialect)
	queue, err := jobs.Open(context.Background(), jobs.Options{Dialect: db.Dialect, SQL: db.SQL, DatabaseURL: db.URL})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = queue.Stop(context.Background()) })
	ctx := tenancy.SystemContext(context.Background(), "benchmark set-up")
	c := db.Client
	nov := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	p := c.Plan.Create().SetCode("metered").SetName("Metered").SetFamily("m").SetCurrency("EUR").
		SetBaseAmountMinor(1000).SaveX(ctx)
	c.PlanMetric.Create().SetPlanID(p.ID).SetMetric(catalog.DeliveredBytes).SetIncluded(1_000_000).SetUnitPriceMicro(3).ExecX(ctx)
	c.PlanMetric.Create().SetPlanID(p.ID).SetMetric(catalog.EncodedOutputSeconds).SetModel(catalog.Graduated).
		SetTiers([]catalog.Tier{{UpTo: 600, UnitPriceMicro: 0}, {UpTo: 0, UnitPriceMicro: 20_000}}).ExecX(ctx)
	const chunk = 1000
	for start := 0; start < closeBenchOrgs; start += chunk {
		orgs := make([]*ent.OrganizationCreate, chunk)
		for i := range orgs {
			orgs[i] = c.Organization.Create().SetName("org")
		}
		os := c.Organization.CreateBulk(orgs...).SaveX(ctx)
		projs := make([]*ent.ProjectCreate, chunk)
		subs := make([]*ent.SubscriptionCreate, chunk)
		for i, o := range os {
			projs[i] = c.Project.Create().SetOrganizationID(o.ID).SetName("p")
			subs[i] = c.Subscription.Create().SetOrganizationID(o.ID).SetPlanID(p.ID).SetName(p.Name).SetPlanCode(p.Code).
				SetStatus(catalog.Active).SetStartedAt(nov).SetSubscriptionAt(nov).
				SetCurrentPeriodStart(nov).SetCurrentPeriodEnd(nov.AddDate(0, 1, 0))
		}
		ps := c.Project.CreateBulk(projs...).SaveX(ctx)
		c.Subscription.CreateBulk(subs...).ExecX(subscriptionlifecycle.ForTest(ctx))
		var eps []*ent.WebhookEndpointCreate
		for i := 0; i < len(ps); i += 10 {
			eps = append(eps, c.WebhookEndpoint.Create().SetProjectID(ps[i].ID).SetURL("https://example.com/hook").
				SetSecret("whsec_test"))
		}
		c.WebhookEndpoint.CreateBulk(eps...).ExecX(ctx)
		var hourly []*ent.UsageHourlyCreate
		var records []*ent.UsageRecordCreate
		for i, pr := range ps {
			for h := 0; h < 24; h++ {
				hourly = append(hourly, c.UsageHourly.Create().SetOrganizationID(os[i].ID).SetProjectID(pr.ID).
					SetMetric(usageMetric(catalog.DeliveredBytes)).SetHour(nov.Add(time.Duration(h*29)*time.Hour)).
					SetQuantity(int64(100_000*(h+i%7))))
			}
			for r := 0; r < 2; r++ {
				records = append(records, c.UsageRecord.Create().SetOrganizationID(os[i].ID).SetProjectID(pr.ID).
					SetMetric(recordMetric(catalog.EncodedOutputSeconds)).SetAt(nov.Add(time.Duration(r*100+i%50)*time.Hour)).
					SetQuantity(int64(400_000+1000*(i%13))).SetSourceKey(uuid.NewString()))
			}
		}
		for j := 0; j < len(hourly); j += 4000 {
			c.UsageHourly.CreateBulk(hourly[j:min(j+4000, len(hourly))]...).ExecX(ctx)
		}
		c.UsageRecord.CreateBulk(records...).ExecX(ctx)
	}
	clk := &clock{t: nov}
	rec := &webhooks.Recorder{Queue: queue, Log: slog.Default()}
	return c, &billing.Service{Client: c, Runtime: billing.Runtime{Now: clk.Now}, Events: rec}, clk, queue
}
