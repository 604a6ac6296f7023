package account

import (
	"context"
	"strconv"
	"time"

	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
)

// Limits are the rate limits of the sign-in operations, per client address
// and per account (normalised email). Password attempts on an account
// (LoginPerAccount) are counted per account and address together, so that a
// flood of wrong passwords from one address cannot lock the owner out from
// another; LoginPerIP bounds each address over all accounts.
type Limits struct {
	LoginPerIP, LoginPerAccount        auth.Limit
	RegisterPerIP, RegisterPerAccount  auth.Limit
	CodePerIP, CodePerAccount          auth.Limit // verifying reset codes
	CheckAccountPerIP, CheckPerAccount auth.Limit
	// CodeMailCooldown spaces reset-code mails to one address (forgot and resend).
	CodeMailCooldown time.Duration
}

// DefaultLimits are the limits the server runs with unless configured otherwise.
var DefaultLimits = Limits{
	LoginPerIP:      auth.Limit{Burst: 30, Every: 2 * time.Second},
	LoginPerAccount: auth.Limit{Burst: 10, Every: 6 * time.Second},
	RegisterPerIP:   auth.Limit{Burst: 20, Every: 6 * time.Second},
	// Per address asked about, so that many sources cannot hammer one account.
	RegisterPerAccount: auth.Limit{Burst: 5, Every: 12 * time.Second},
	CodePerIP:          auth.Limit{Burst: 20, Every: 3 * time.Second},
	CodePerAccount:     auth.Limit{Burst: 10, Every: 6 * time.Second},
	CheckAccountPerIP:  auth.Limit{Burst: 30, Every: 2 * time.Second},
	CheckPerAccount:    auth.Limit{Burst: 10, Every: 6 * time.Second},
	CodeMailCooldown:   time.Minute,
}

// allow takes one attempt from each limiter for its key, or answers
// RATE_LIMITED with Retry-After (set on the HTTP response as well).
func (svc *Service) allow(ctx context.Context, checks ...limitCheck) error {
	for _, c := range checks {
		ok, wait, err := c.limiter.Take(ctx, c.key)
		if err != nil {
			svc.log.ErrorContext(ctx, "rate limit could not be counted", "err", err)
			return fault.Errorf(fault.KindInternal, "the attempt could not be counted; retry later")
		}
		if ok {
			continue
		}
		secs := auth.RetryAfterSeconds(wait)
		if h := auth.RequestFrom(ctx).Header; h != nil {
			h.Set("Retry-After", strconv.Itoa(secs))
		}
		return &fault.Error{Kind: fault.KindRateLimited, Message: "too many attempts; retry in " + strconv.Itoa(secs) + " seconds", RetryAfter: secs}
	}
	return nil
}

// accountFrom is the key of the password-attempt limiter: an account asked
// from one client address.
func accountFrom(ctx context.Context, email string) string {
	return email + " from " + auth.RequestFrom(ctx).IP
}

// limitCheck is one limiter and the key to charge.
type limitCheck struct {
	limiter auth.Bucket
	key     string
}
