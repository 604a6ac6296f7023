package rest

// signInResult selects the sign-in result of docs/ROUTES.md: {access_token,
// refresh_token, token_type, expires_in, user}.
const signInResult = `{ accessToken refreshToken tokenType expiresIn user { ...restUser } }`

// restUser is the user shape of the auth and profile rows.
const restUser = ` fragment restUser on User { id email name avatarURL emailVerified hasPassword createdAt updatedAt }`

// authRoutes are the rows of "Accounts and sign-in" and "User" in docs/ROUTES.md.
func authRoutes() []Route {
	return []Route{
		{Method: "POST", Path: "/auth/register", Public: true, BodyVar: "input", Message: "registered",
			Operation: `mutation Register($input: RegisterInput!) { register(input: $input) ` + signInResult + ` }` + restUser},
		{Method: "POST", Path: "/auth/login", Public: true, Message: "logged in",
			Operation: `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) ` + signInResult + ` }` + restUser},
		{Method: "GET", Path: "/auth/verify-email", Public: true, Message: "email verified",
			Operation: `mutation VerifyEmail($token: String!) { verifyEmail(token: $token) { ...restUser } }` + restUser},
		{Method: "POST", Path: "/auth/forgot-password", Public: true, Message: "if the account exists, a code has been sent",
			Operation: `mutation ForgotPassword($email: String!) { forgotPassword(email: $email) }`},
		{Method: "POST", Path: "/auth/forgot-password/verify-otp", Public: true, Message: "code verified",
			Operation: `mutation VerifyOtp($email: String!, $otp: String!) { verifyPasswordResetOtp(email: $email, otp: $otp) { resetToken expiresIn } }`},
		{Method: "POST", Path: "/auth/forgot-password/set", Public: true, Message: "password set",
			Operation: `mutation SetForgottenPassword($resetToken: String!, $password: String!) { setForgottenPassword(resetToken: $resetToken, password: $password) }`},
		{Method: "POST", Path: "/auth/resend-otp", Public: true, Message: "if the account exists, a new code has been sent",
			Operation: `mutation ResendOtp($email: String!) { resendOtp(email: $email) }`},
		{Method: "POST", Path: "/auth/logout", Message: "logged out",
			Operation: `mutation Logout { logout }`},
		{Method: "POST", Path: "/auth/set-password", Message: "password set",
			Operation: `mutation SetPassword($password: String!) { setPassword(password: $password) }`},
		{Method: "POST", Path: "/auth/check-account", Public: true, Message: "account checked",
			Operation: `mutation CheckAccount($email: String!) { checkAccount(email: $email) { exists hasPassword } }`},
		{Method: "POST", Path: "/auth/update-password", Message: "password updated",
			Operation: `mutation UpdatePassword($currentPassword: String!, $newPassword: String!) { updatePassword(currentPassword: $currentPassword, newPassword: $newPassword) }`},
		{Method: "GET", Path: "/auth/oauth2/{provider}/redirect", Public: true, Message: "redirect to the provider",
			Operation: `mutation OAuthRedirect($provider: String!) { oauthRedirect(provider: $provider) { url state } }`},
		// Seed row (docs/spec.md 4.2): GET /oauth2/google/callback?provider=&code=, plus
		// the state the provider returns beside the code.
		{Method: "GET", Path: "/oauth2/google/callback", Public: true, Message: "signed in",
			Operation: `mutation OAuthCallbackGoogle($provider: String! = "google", $code: String!, $state: String) { oauthCallback(provider: $provider, code: $code, state: $state) ` + signInResult + ` }` + restUser},
		{Method: "GET", Path: "/auth/oauth2/{provider}/callback", Public: true, Message: "signed in",
			Operation: `mutation OAuthCallback($provider: String!, $code: String!, $state: String) { oauthCallback(provider: $provider, code: $code, state: $state) ` + signInResult + ` }` + restUser},
		{Method: "GET", Path: "/auth/api-access-check", Message: "access checked",
			Operation: `query ApiAccessCheck { apiAccessCheck { kind user { ...restUser } sessionID organization { id name } role rights } }` + restUser},
		{Method: "POST", Path: "/auth/refresh-token", Public: true, Message: "token refreshed",
			Operation: `mutation RefreshToken($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) ` + signInResult + ` }` + restUser},
		{Method: "GET", Path: "/auth/sessions", Message: "sessions fetched",
			Operation: `query Sessions { sessions { id device userAgent ipAddress createdAt lastSeenAt current } }`},
		{Method: "DELETE", Path: "/auth/sessions/{id}", Message: "session deleted",
			Operation: `mutation DeleteSession($id: ID!) { deleteSession(id: $id) }`},
		{Method: "DELETE", Path: "/auth/sessions", Message: "other sessions deleted",
			Operation: `mutation DeleteOtherSessions { deleteOtherSessions }`},
		{Method: "GET", Path: "/user/profile", Message: "profile fetched",
			Operation: `query Profile { profile { ...restUser } }` + restUser},
		{Method: "PUT", Path: "/user/profile", BodyVar: "input", Message: "profile updated",
			Operation: `mutation UpdateProfile($input: UpdateProfileInput!) { updateProfile(input: $input) { ...restUser } }` + restUser},
		// Multipart: the part named file fills $file.
		{Method: "PUT", Path: "/user/profile/avatar", Message: "avatar updated",
			Operation: `mutation UpdateAvatar($file: Upload!) { updateAvatar(file: $file) { ...restUser } }` + restUser},
	}
}
