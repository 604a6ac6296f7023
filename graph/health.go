package graph

import (
	"context"
	"time"

	"github.com/vidra-dev/vidra/graph/model"
)

// HealthCheck is one dependency the health query checks.
type HealthCheck struct {
	// Name says what is checked, e.g. "database".
	Name string
	// Check returns nil when the dependency can serve requests.
	Check func(ctx context.Context) error
	// Readiness puts the check in the readiness probe (/health/ready) as well
	// as the detailed report (/health): the process cannot serve its role
	// while it fails.
	Readiness bool
}

// healthCheckTimeout bounds each check, so a hung dependency cannot hang /health.
const healthCheckTimeout = 3 * time.Second

// CheckHealth runs every health check and reports each outcome; ok only when all pass.
func (r *Resolver) CheckHealth(ctx context.Context) *model.Health {
	return r.runHealthChecks(ctx, false)
}

// CheckReadiness runs the checks this process needs to serve its role (those
// marked Readiness) and reports each outcome; ok only when all pass.
func (r *Resolver) CheckReadiness(ctx context.Context) *model.Health {
	return r.runHealthChecks(ctx, true)
}

// runHealthChecks runs every check, or only the readiness ones.
func (r *Resolver) runHealthChecks(ctx context.Context, readinessOnly bool) *model.Health {
	health := &model.Health{Ok: true, Checks: make([]*model.HealthCheck, 0, len(r.healthChecks))}
	for _, hc := range r.healthChecks {
		if readinessOnly && !hc.Readiness {
			continue
		}
		checkCtx, cancel := context.WithTimeout(ctx, healthCheckTimeout)
		start := time.Now()
		err := hc.Check(checkCtx)
		cancel()
		result := &model.HealthCheck{
			Name:       hc.Name,
			Ok:         err == nil,
			DurationMs: float64(time.Since(start).Microseconds()) / 1000,
		}
		if err != nil {
			result.Message = err.Error()
			health.Ok = false
			r.log.WarnContext(ctx, "health check failed", "check", hc.Name, "err", err)
		}
		health.Checks = append(health.Checks, result)
	}
	return health
}

// pingDatabase runs a trivial statement on the database.
func (r *Resolver) pingDatabase(ctx context.Context) error {
	rows, err := r.client.QueryContext(ctx, "SELECT 1") //nolint:rowserrcheck // no row is read: Close ends the ping and its error is returned
	if err != nil {
		return err
	}
	return rows.Close() //nolint:sqlclosecheck // closed at once, its error is the ping's result
}
