package account

import (
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
)

// The values the flows return. Their fields are those of the GraphQL types of
// the same meaning (graph/model), in the same order, so that graph converts
// them without copying.

// Tokens are a signed-in session's credentials: an access token for
// Authorization: Bearer and a refresh token that works once.
type Tokens struct {
	AccessToken  string
	RefreshToken string
	// TokenType is always Bearer.
	TokenType string
	// ExpiresIn is the access token's lifetime in seconds.
	ExpiresIn int
	User      *ent.User
}

// ResetTicket is what a verified password-reset code is exchanged for.
type ResetTicket struct {
	ResetToken string
	ExpiresIn  int
}

// Check is CheckAccount's answer about an address.
type Check struct {
	Exists bool
	// HasPassword is false for accounts made through OAuth only.
	HasPassword bool
}

// Redirect starts an OAuth sign-in: the provider's consent URL and the state
// it returns to the callback.
type Redirect struct {
	URL   string
	State string
}

// Session is one signed-in device of a user.
type Session struct {
	ID uuid.UUID
	// Device is a readable name of the device, from its User-Agent.
	Device     string
	UserAgent  string
	IPAddress  string
	CreatedAt  time.Time
	LastSeenAt time.Time
	// Current is true for the session of the calling access token.
	Current bool
}

// RegisterInput is a registration: the email, the password and the display
// name (the part of the email before @ when nil or blank).
type RegisterInput struct {
	Email    string
	Password string
	Name     *string
}

// ProfileInput changes a profile: the display name and the avatar address,
// each unchanged when nil.
type ProfileInput struct {
	Name      *string
	AvatarURL *string
}
