package account

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/auth"
	vmail "github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Deps are what accounts and sign-in need.
type Deps struct {
	// Secret signs access tokens and keys the hashes of one-time passwords.
	Secret []byte
	// Mailer sends verification links and reset codes; mail goes to the log when nil.
	Mailer vmail.Mailer
	// PublicURL is the address clients see, for links in mail and avatar URLs.
	PublicURL string
	// Providers are the configured OAuth providers by name (google, github).
	Providers map[string]*auth.Provider
	// Limits are the rate limits; DefaultLimits when zero.
	Limits Limits
	// Password is argon2id's cost; auth.DefaultPasswordParams when zero.
	Password auth.PasswordParams
	// Hashing bounds concurrent password hashing (slots and wait); zero is
	// one slot per CPU but one and auth.DefaultHashWait.
	Hashing auth.Hashing
	// SharedLimiter, when set, makes each rate limit (by name) shared by every
	// replica (package ratelimit); nil counts in process.
	SharedLimiter func(name string, l auth.Limit) auth.Bucket
	// RevealAccounts makes CheckAccount tell whether an account exists;
	// otherwise it answers every address alike (CheckAccount).
	RevealAccounts bool
	// Bucket stores and serves avatars (avatar.go).
	Bucket *blob.Bucket
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

// Service owns accounts and sign-in: registration, password, one-time-code
// and OAuth sign-in, sessions and their tokens, password reset and change,
// email verification and the switch of organization. It owns the
// transactions of these flows and sends their mail after commit.
type Service struct {
	client    *ent.Client
	log       *slog.Logger
	secret    []byte
	signer    *auth.Signer
	mailer    vmail.Mailer
	publicURL string
	providers map[string]*auth.Provider
	limits    Limits
	// passwords hashes and verifies passwords, a bounded number at a time.
	passwords *auth.PasswordGate
	// revealAccounts: CheckAccount tells the truth (Deps.RevealAccounts).
	revealAccounts bool
	// bucket holds avatars (Deps.Bucket).
	bucket *blob.Bucket
	// dummyHash is verified against when an account does not exist, so that an
	// unknown email costs the same time as a wrong password.
	dummyHash string

	loginIP, loginAccount, registerIP, registerAccount, codeIP, codeAccount, checkIP, checkAccount, codeMail auth.Bucket
}

// New builds the account service over client. A zero Deps.Limits takes
// DefaultLimits and a zero Deps.Password auth.DefaultPasswordParams.
func New(client *ent.Client, d Deps, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	if d.Limits == (Limits{}) {
		d.Limits = DefaultLimits
	}
	if d.Password == (auth.PasswordParams{}) {
		d.Password = auth.DefaultPasswordParams
	}
	if d.Mailer == nil {
		d.Mailer, _ = vmail.New("", "", log)
	}
	if len(d.Secret) == 0 {
		// Only tests that never sign in build a service without a secret.
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
	return &Service{
		client: client, log: log,
		secret: d.Secret, signer: auth.NewSigner(d.Secret, nil), mailer: d.Mailer,
		publicURL: strings.TrimRight(d.PublicURL, "/"), providers: d.Providers,
		passwords: auth.NewPasswordGate(d.Password, d.Hashing), limits: l, dummyHash: dummy,
		revealAccounts: d.RevealAccounts, bucket: d.Bucket,
		loginIP: limiter("login_ip", l.LoginPerIP), loginAccount: limiter("login_account", l.LoginPerAccount),
		registerIP: limiter("register_ip", l.RegisterPerIP), registerAccount: limiter("register_account", l.RegisterPerAccount),
		codeIP: limiter("code_ip", l.CodePerIP), checkAccount: limiter("check_account", l.CheckPerAccount),
		codeAccount: limiter("code_account", l.CodePerAccount), checkIP: limiter("check_ip", l.CheckAccountPerIP),
		codeMail: limiter("code_mail", auth.Limit{Burst: 1, Every: l.CodeMailCooldown}),
	}
}

// db returns the ent client for this request: the transaction in ctx when
// one is open (a flow's own, or the mutation's shared one), the root client
// otherwise.
func (svc *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, svc.client) }

// PublicURL is the address clients see, without a trailing slash, for links
// in mail and avatar addresses.
func (svc *Service) PublicURL() string { return svc.publicURL }

// VerifyAccessToken checks an access token's signature, issuer and times and
// returns what it names; the session it names is checked by the caller.
func (svc *Service) VerifyAccessToken(token string) (auth.TokenIdentity, error) {
	return svc.signer.Verify(token)
}
