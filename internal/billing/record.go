package billing

import (
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
)

// ZeroTime is how an unset timestamp is written (docs/spec.md 2.2): Go's zero
// time.Time in RFC 3339.
const ZeroTime = "0001-01-01T00:00:00Z"

// timeLayout writes a set timestamp with a numeric UTC offset (+00:00).
const timeLayout = "2006-01-02T15:04:05-07:00"

// FormatTime writes t for the 2.2 record: ZeroTime when nil or zero, else the
// time in UTC to the second with a numeric offset.
func FormatTime(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ZeroTime
	}
	return t.UTC().Truncate(time.Second).Format(timeLayout)
}

// Record is a subscription as docs/spec.md 2.2 shows it: every field, unset
// timestamps as ZeroTime, unset strings empty.
type Record struct {
	ID                string `json:"id"`
	OrganizationID    string `json:"organization_id"`
	SubscribeBy       string `json:"subscribe_by"`
	PaymentMethod     string `json:"payment_method"`
	PaymentGateway    string `json:"payment_gateway"`
	BillingTime       string `json:"billing_time"`
	Name              string `json:"name"`
	PlanCode          string `json:"plan_code"`
	Status            string `json:"status"`
	CreatedAt         string `json:"created_at"`
	StartedAt         string `json:"started_at"`
	EndingAt          string `json:"ending_at"`
	SubscriptionAt    string `json:"subscription_at"`
	CanceledAt        string `json:"canceled_at"`
	TerminatedAt      string `json:"terminated_at"`
	DowngradePlanDate string `json:"downgrade_plan_date"`
	TrialEndedAt      string `json:"trial_ended_at"`
	PreviousPlanCode  string `json:"previous_plan_code"`
	NextPlanCode      string `json:"next_plan_code"`
	Plan              string `json:"plan"`
	Tax               string `json:"tax"`
	GracePeriod       int    `json:"grace_period"`
}

// RecordOf is the 2.2 record of s.
func RecordOf(s *ent.Subscription) Record {
	by := ""
	if s.SubscribeBy != nil && *s.SubscribeBy != uuid.Nil {
		by = s.SubscribeBy.String()
	}
	created := s.CreatedAt
	return Record{
		ID: s.ID.String(), OrganizationID: s.OrganizationID.String(), SubscribeBy: by,
		PaymentMethod: s.PaymentMethod, PaymentGateway: s.PaymentGateway, BillingTime: s.BillingTime,
		Name: s.Name, PlanCode: s.PlanCode, Status: s.Status,
		CreatedAt: FormatTime(&created), StartedAt: FormatTime(s.StartedAt), EndingAt: FormatTime(s.EndingAt),
		SubscriptionAt: FormatTime(s.SubscriptionAt), CanceledAt: FormatTime(s.CanceledAt),
		TerminatedAt: FormatTime(s.TerminatedAt), DowngradePlanDate: FormatTime(s.DowngradePlanDate),
		TrialEndedAt: FormatTime(s.TrialEndedAt), PreviousPlanCode: s.PreviousPlanCode, NextPlanCode: s.NextPlanCode,
		Plan: s.Plan, Tax: s.Tax, GracePeriod: s.GracePeriod,
	}
}

// NoSubscription is the 2.2 record of an organization without a subscription:
// billing off, the empty status, every timestamp zero.
func NoSubscription(orgID uuid.UUID) Record {
	return Record{
		OrganizationID: orgID.String(), CreatedAt: ZeroTime, StartedAt: ZeroTime, EndingAt: ZeroTime,
		SubscriptionAt: ZeroTime, CanceledAt: ZeroTime, TerminatedAt: ZeroTime, DowngradePlanDate: ZeroTime,
		TrialEndedAt: ZeroTime,
	}
}
