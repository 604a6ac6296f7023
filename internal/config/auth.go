package config

import (
	"fmt"
	"net/url"
)

// Auth is the configuration of accounts and sign-in.
type Auth struct {
	// JWTSecret signs access tokens (VIDRA_JWT_SECRET); when empty one is generated
	// and kept in <DataDir>/jwt.secret.
	JWTSecret string
	// SMTPURL sends mail, smtp://user:pass@host:port (VIDRA_SMTP_URL); empty writes mail to the log.
	SMTPURL string
	// MailFrom is the sender address of Vidra's mail (VIDRA_MAIL_FROM).
	MailFrom string
	// Google and GitHub are the OAuth providers; one is on when its client id is set.
	Google, GitHub OAuthProvider
	// AccountCheck is what checkAccount answers (VIDRA_ACCOUNT_CHECK):
	// AccountCheckUniform (the default) the same for every address, so it
	// tells nobody which addresses have accounts; AccountCheckReveal the truth.
	AccountCheck string
}

// The answers of checkAccount (VIDRA_ACCOUNT_CHECK).
const (
	AccountCheckUniform = "uniform"
	AccountCheckReveal  = "reveal"
)

// OAuthProvider is one OAuth provider's client and, for tests and proxies, its addresses.
type OAuthProvider struct {
	// ClientID and ClientSecret (VIDRA_GOOGLE_CLIENT_ID/_SECRET, VIDRA_GITHUB_CLIENT_ID/_SECRET).
	ClientID, ClientSecret string
	// AuthURL, TokenURL and APIURL override the provider's addresses when set
	// (VIDRA_<P>_AUTH_URL, VIDRA_<P>_TOKEN_URL, VIDRA_<P>_API_URL; for Google the API URL is userinfo).
	AuthURL, TokenURL, APIURL string
}

// readAuth reads the VIDRA_* variables of accounts and sign-in.
func readAuth(get func(name, def string) string) (Auth, []error) {
	a := Auth{
		JWTSecret:    get("VIDRA_JWT_SECRET", ""),
		SMTPURL:      get("VIDRA_SMTP_URL", ""),
		MailFrom:     get("VIDRA_MAIL_FROM", "Vidra <no-reply@vidra.local>"),
		AccountCheck: get("VIDRA_ACCOUNT_CHECK", AccountCheckUniform),
	}
	for _, p := range []struct {
		prefix string
		dst    *OAuthProvider
	}{{"VIDRA_GOOGLE_", &a.Google}, {"VIDRA_GITHUB_", &a.GitHub}} {
		*p.dst = OAuthProvider{
			ClientID: get(p.prefix+"CLIENT_ID", ""), ClientSecret: get(p.prefix+"CLIENT_SECRET", ""),
			AuthURL: get(p.prefix+"AUTH_URL", ""), TokenURL: get(p.prefix+"TOKEN_URL", ""), APIURL: get(p.prefix+"API_URL", ""),
		}
	}
	var errs []error
	if a.AccountCheck != AccountCheckUniform && a.AccountCheck != AccountCheckReveal {
		errs = append(errs, fmt.Errorf("VIDRA_ACCOUNT_CHECK: want uniform or reveal"))
	}
	if a.JWTSecret != "" && len(a.JWTSecret) < 32 {
		errs = append(errs, fmt.Errorf("VIDRA_JWT_SECRET: use at least 32 characters"))
	}
	if a.SMTPURL != "" {
		if u, err := url.Parse(a.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			errs = append(errs, fmt.Errorf("VIDRA_SMTP_URL: want smtp://user:pass@host:port"))
		}
	}
	for name, p := range map[string]OAuthProvider{"VIDRA_GOOGLE": a.Google, "VIDRA_GITHUB": a.GitHub} {
		if (p.ClientID == "") != (p.ClientSecret == "") {
			errs = append(errs, fmt.Errorf("%s_CLIENT_ID and %s_CLIENT_SECRET: set both or neither", name, name))
		}
	}
	return a, errs
}
