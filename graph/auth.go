package graph

import (
	"context"
	"log/slog"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/auth"
	vmail "github.com/vidra-dev/vidra/internal/mail"
)

// AuthDeps are what accounts and sign-in need.
type AuthDeps struct {
	// Secret signs access tokens and keys the hashes of one-time passwords.
	Secret []byte
	// Mailer sends verification links and reset codes; mail goes to the log when nil.
	Mailer vmail.Mailer
	// PublicURL is the address clients see, for links in mail and avatar URLs.
	PublicURL string
	// Providers are the configured OAuth providers by name (google, github).
	Providers map[string]*auth.Provider
	// Limits are the rate limits; DefaultAuthLimits when zero.
	Limits AuthLimits
	// Password is argon2id's cost; auth.DefaultPasswordParams when zero.
	Password auth.PasswordParams
	// Hashing bounds concurrent password hashing (slots and wait); zero is
	// one slot per CPU but one and auth.DefaultHashWait.
	Hashing auth.Hashing
	// SharedLimiter, when set, makes each rate limit (by name) shared by every
	// replica (package ratelimit); nil counts in process.
	SharedLimiter func(name string, l auth.Limit) auth.Bucket
	// RevealAccounts makes checkAccount tell whether an account exists;
	// otherwise it answers every address alike (checkAccount).
	RevealAccounts bool
}

// AuthLimits are the rate limits of the sign-in operations, per client address
// and per account (normalised email). Password attempts on an account
// (LoginPerAccount) are counted per account and address together, so that a
// flood of wrong passwords from one address cannot lock the owner out from
// another; LoginPerIP bounds each address over all accounts.
type AuthLimits struct {
	LoginPerIP, LoginPerAccount        auth.Limit
	RegisterPerIP, RegisterPerAccount  auth.Limit
	CodePerIP, CodePerAccount          auth.Limit // verifying reset codes
	CheckAccountPerIP, CheckPerAccount auth.Limit
	// CodeMailCooldown spaces reset-code mails to one address (forgot and resend).
	CodeMailCooldown time.Duration
}

// DefaultAuthLimits are the limits the server runs with unless configured otherwise.
var DefaultAuthLimits = AuthLimits{
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

// Lifetimes of the secrets the accounts code hands out.
const (
	refreshTokenTTL   = 30 * 24 * time.Hour
	verifyEmailTTL    = 48 * time.Hour
	resetCodeTTL      = 10 * time.Minute
	resetTicketTTL    = 10 * time.Minute
	oauthStateTTL     = 10 * time.Minute
	maxCodeAttempts   = 5
	minPasswordLength = 8
	maxPasswordLength = 256
)

// authService is the state of accounts and sign-in: the token signer, the
// limiters and the mailer.
type authService struct {
	secret    []byte
	signer    *auth.Signer
	mailer    vmail.Mailer
	publicURL string
	providers map[string]*auth.Provider
	limits    AuthLimits
	// passwords hashes and verifies passwords, a bounded number at a time.
	passwords *auth.PasswordGate
	// revealAccounts: checkAccount tells the truth (AuthDeps.RevealAccounts).
	revealAccounts bool
	// dummyHash is verified against when an account does not exist, so that an
	// unknown email costs the same time as a wrong password.
	dummyHash string

	loginIP, loginAccount, registerIP, registerAccount, codeIP, codeAccount, checkIP, checkAccount, codeMail auth.Bucket
}

func newAuthService(d AuthDeps, log *slog.Logger) *authService {
	if d.Limits == (AuthLimits{}) {
		d.Limits = DefaultAuthLimits
	}
	if d.Password == (auth.PasswordParams{}) {
		d.Password = auth.DefaultPasswordParams
	}
	if d.Mailer == nil {
		d.Mailer, _ = vmail.New("", "", log)
	}
	if len(d.Secret) == 0 {
		// Only tests that never sign in build a resolver without a secret.
		d.Secret = []byte(auth.RandomToken(32))
	}
	dummy, err := auth.HashPassword(auth.RandomToken(16), d.Password)
	if err != nil {
		panic(err)
	}
	l := d.Limits
	limiter := func(name string, lim auth.Limit) auth.Bucket {
		if d.SharedLimiter != nil {
			return d.SharedLimiter(name, lim)
		}
		return auth.NewLimiter(lim)
	}
	return &authService{
		secret: d.Secret, signer: auth.NewSigner(d.Secret, nil), mailer: d.Mailer,
		publicURL: strings.TrimRight(d.PublicURL, "/"), providers: d.Providers,
		passwords: auth.NewPasswordGate(d.Password, d.Hashing), limits: l, dummyHash: dummy,
		revealAccounts: d.RevealAccounts,
		loginIP:        limiter("login_ip", l.LoginPerIP), loginAccount: limiter("login_account", l.LoginPerAccount),
		registerIP: limiter("register_ip", l.RegisterPerIP), registerAccount: limiter("register_account", l.RegisterPerAccount),
		codeIP: limiter("code_ip", l.CodePerIP), checkAccount: limiter("check_account", l.CheckPerAccount),
		codeAccount: limiter("code_account", l.CodePerAccount), checkIP: limiter("check_ip", l.CheckAccountPerIP),
		codeMail: limiter("code_mail", auth.Limit{Burst: 1, Every: l.CodeMailCooldown}),
	}
}

// allow takes one attempt from each limiter for its key, or answers
// RATE_LIMITED with Retry-After (set on the HTTP response as well).
func (r *Resolver) allow(ctx context.Context, checks ...limitCheck) error {
	for _, c := range checks {
		ok, wait, err := c.limiter.Take(ctx, c.key)
		if err != nil {
			r.log.ErrorContext(ctx, "rate limit could not be counted", "err", err)
			return Errorf(KindInternal, "the attempt could not be counted; retry later")
		}
		if ok {
			continue
		}
		secs := auth.RetryAfterSeconds(wait)
		if h := auth.RequestFrom(ctx).Header; h != nil {
			h.Set("Retry-After", strconv.Itoa(secs))
		}
		return &Error{Kind: KindRateLimited, Message: "too many attempts; retry in " + strconv.Itoa(secs) + " seconds", RetryAfter: secs}
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

// normalizeEmail trims and lower-cases an address and checks its form.
func normalizeEmail(field, email string) (string, error) {
	e := strings.ToLower(strings.TrimSpace(email))
	if e == "" {
		return "", FieldError(field, "email is required")
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e || len(e) > 320 || !strings.Contains(e[strings.LastIndex(e, "@")+1:], ".") {
		return "", FieldError(field, "%q is not an email address", email)
	}
	return e, nil
}

// afterCommit runs fn once the request's transaction commits (at once when there
// is none): mail must not leave before the change it announces is durable.
func afterCommit(ctx context.Context, fn func()) {
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		fn()
		return
	}
	tx.OnCommit(func(next ent.Committer) ent.Committer {
		return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
			err := next.Commit(ctx, tx)
			if err == nil {
				fn()
			}
			return err
		})
	})
}

// sendMail sends a message in the background after commit, so that the
// response (and its timing) does not depend on the mail server.
func (r *Resolver) sendMail(ctx context.Context, m vmail.Message) {
	afterCommit(ctx, func() {
		go func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
			defer cancel()
			if err := r.auth.mailer.Send(ctx, m); err != nil {
				r.log.ErrorContext(ctx, "sending mail failed", "subject", m.Subject, "err", err)
			}
		}()
	})
}
