package account

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/authcode"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	vmail "github.com/vidra-dev/vidra/internal/mail"
)

// mailVerificationLink stores a verification token for the user's email and
// mails the link (after commit).
func (svc *Service) mailVerificationLink(ctx context.Context, client *ent.Client, u *ent.User) error {
	token := auth.RandomToken(32)
	if err := client.AuthCode.Create().SetUserID(u.ID).SetPurpose(authcode.PurposeVerifyEmail).
		SetCodeHash(auth.HashToken(token)).SetExpiresAt(time.Now().Add(verifyEmailTTL)).Exec(ctx); err != nil {
		return err
	}
	link := svc.publicURL + "/v1/auth/verify-email?token=" + url.QueryEscape(token)
	svc.SendMail(ctx, vmail.Message{
		To:      u.Email,
		Subject: "Confirm your email address",
		Text: "Hello " + u.Name + ",\n\nconfirm your email address for Vidra by opening this link within 48 hours:\n\n" +
			link + "\n\nIf you did not create an account, ignore this mail.\n",
	})
	return nil
}

// VerifyEmail confirms an email address with the token of its link.
func (svc *Service) VerifyEmail(ctx context.Context, token string) (*ent.User, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return nil, fault.FieldError("token", "token is required")
	}
	client := svc.db(ctx)
	now := time.Now()
	code, err := client.AuthCode.Query().Where(
		authcode.CodeHash(auth.HashToken(token)), authcode.PurposeEQ(authcode.PurposeVerifyEmail),
	).Only(ctx)
	if ent.IsNotFound(err) || (err == nil && (code.UsedAt != nil || now.After(code.ExpiresAt))) {
		return nil, fault.FieldError("token", "the verification link is invalid, used or expired")
	} else if err != nil {
		return nil, err
	}
	if err := client.AuthCode.UpdateOne(code).SetUsedAt(now).Exec(ctx); err != nil {
		return nil, err
	}
	u, err := client.User.Get(ctx, code.UserID)
	if err != nil {
		return nil, err
	}
	if u.EmailVerifiedAt != nil {
		return u, nil
	}
	return client.User.UpdateOne(u).SetEmailVerifiedAt(now).Save(ctx)
}
