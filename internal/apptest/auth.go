package apptest

// The account every test server signs up unless Options.Anonymous is set.
const (
	DefaultEmail    = "owner@example.test"
	DefaultPassword = "correct horse battery"
)

// Tokens are the result of a sign-in.
type Tokens struct {
	AccessToken  string
	RefreshToken string
	TokenType    string
	ExpiresIn    int
	User         struct{ ID, Email, Name string }
}

// SignInFields selects every field of AuthPayload.
const SignInFields = `accessToken refreshToken tokenType expiresIn user { id email name }`

// SignUp registers an account (anonymously) and returns its tokens.
func (s *Server) SignUp(email, password, name string) Tokens {
	s.t.Helper()
	var out struct{ Register Tokens }
	s.Anonymous().MustGraphQL(`mutation($in: RegisterInput!) { register(input: $in) { `+SignInFields+` } }`,
		map[string]any{"in": map[string]any{"email": email, "password": password, "name": name}}, &out)
	return out.Register
}

// Login signs in (anonymously) and returns the tokens.
func (s *Server) Login(email, password string) Tokens {
	s.t.Helper()
	var out struct{ Login Tokens }
	s.Anonymous().MustGraphQL(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { `+SignInFields+` } }`,
		map[string]any{"e": email, "p": password}, &out)
	return out.Login
}

// Anonymous returns a view of the server that sends no credential.
func (s *Server) Anonymous() *Server { return s.As("") }

// As returns a view of the server that sends token as its bearer credential.
func (s *Server) As(token string) *Server {
	c := *s
	c.Token = token
	c.session = nil
	return &c
}
