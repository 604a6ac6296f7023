package rest_test

import "github.com/vidra-dev/vidra/internal/apptest"

// authContractCases are the contract cases of the accounts, sign-in and profile
// rows. Rows whose success needs earlier state are flows (auth_flow_test.go).
var authContractCases = []contractCase{
	{method: "GET", path: "/auth/api-access-check", vars: map[string]any{}},
	{method: "GET", path: "/auth/sessions", vars: map[string]any{}},
	{method: "GET", path: "/user/profile", vars: map[string]any{}},
	{method: "PUT", path: "/user/profile", body: `{"name": "Renamed", "avatar_url": "https://img.example.test/a.png"}`,
		vars:      map[string]any{"input": map[string]any{"name": "Renamed", "avatarURL": "https://img.example.test/a.png"}},
		wrongType: `["Renamed"]`},
	{method: "POST", path: "/auth/check-account", body: `{"email": "` + apptest.DefaultEmail + `"}`,
		vars: map[string]any{"email": apptest.DefaultEmail}, wrongType: `["x"]`},
	// Unknown addresses (each call its own, as the cool-down is per address): the answer is the same as for known ones.
	{method: "POST", path: "/auth/forgot-password", body: `{"email": "nobody-rest@example.test"}`,
		vars: map[string]any{"email": "nobody-graphql@example.test"}, wrongType: `"x"`},
	{method: "POST", path: "/auth/resend-otp", body: `{"email": "nobody-rest2@example.test"}`,
		vars: map[string]any{"email": "nobody-graphql2@example.test"}, wrongType: `"x"`},

	{method: "POST", path: "/auth/register", flow: true},
	{method: "POST", path: "/auth/login", flow: true},
	{method: "GET", path: "/auth/verify-email", flow: true},
	{method: "POST", path: "/auth/forgot-password/verify-otp", flow: true},
	{method: "POST", path: "/auth/forgot-password/set", flow: true},
	{method: "POST", path: "/auth/logout", flow: true},
	{method: "POST", path: "/auth/set-password", flow: true},
	{method: "POST", path: "/auth/update-password", flow: true},
	{method: "GET", path: "/auth/oauth2/{provider}/redirect", flow: true},
	{method: "GET", path: "/oauth2/google/callback", flow: true},
	{method: "GET", path: "/auth/oauth2/{provider}/callback", flow: true},
	{method: "POST", path: "/auth/refresh-token", flow: true},
	{method: "DELETE", path: "/auth/sessions/{id}", flow: true},
	{method: "DELETE", path: "/auth/sessions", flow: true},
	{method: "PUT", path: "/user/profile/avatar", flow: true},
}

func init() { contractCases = append(contractCases, authContractCases...) }
