package account

import (
	"context"
	"crypto/subtle"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/authcode"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/idempotency"
	vmail "github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/txn"
)

// SendResetCode mails a new 6-digit password-reset code when the account exists,
// replacing any earlier one. It answers the same for unknown addresses, and at
// most once per cool-down per address either way (forgot-password and resend).
func (svc *Service) SendResetCode(ctx context.Context, emailIn string) (bool, error) {
	email, err := NormalizeEmail("email", emailIn)
	if err != nil {
		return false, err
	}
	if err := svc.allow(ctx,
		limitCheck{svc.codeIP, auth.RequestFrom(ctx).IP},
		limitCheck{svc.codeMail, email}); err != nil {
		return false, err
	}
	code := auth.RandomDigits(6)
	hash := auth.HashCode(svc.secret, code)
	client := svc.db(ctx)
	u, err := client.User.Query().Where(user.Email(email)).Only(ctx)
	if ent.IsNotFound(err) {
		return true, nil
	} else if err != nil {
		return false, err
	}
	now := time.Now()
	if err := client.AuthCode.Update().Where(authcode.UserID(u.ID), authcode.PurposeEQ(authcode.PurposeResetOtp),
		authcode.UsedAtIsNil()).SetUsedAt(now).Exec(ctx); err != nil {
		return false, err
	}
	if err := client.AuthCode.Create().SetUserID(u.ID).SetPurpose(authcode.PurposeResetOtp).
		SetCodeHash(hash).SetExpiresAt(now.Add(resetCodeTTL)).Exec(ctx); err != nil {
		return false, err
	}
	svc.SendMail(ctx, vmail.Message{
		To:      u.Email,
		Subject: "Your Vidra password reset code",
		Text: "Your password reset code is " + code + "\n\nIt is valid for 10 minutes. " +
			"If you did not ask to reset your password, ignore this mail.\n",
	})
	return true, nil
}

// VerifyResetCode checks a reset code and exchanges it for a reset ticket. Every
// guess is counted before it is compared (and kept, hence its own transaction);
// after the fifth the code is locked.
func (svc *Service) VerifyResetCode(ctx context.Context, emailIn, otp string) (*ResetTicket, error) {
	email := strings.ToLower(strings.TrimSpace(emailIn))
	if err := svc.allow(ctx,
		limitCheck{svc.codeIP, auth.RequestFrom(ctx).IP},
		limitCheck{svc.codeAccount, email}); err != nil {
		return nil, err
	}
	otp = strings.TrimSpace(otp)
	if len(otp) != 6 || strings.Trim(otp, "0123456789") != "" {
		return nil, fault.FieldError("otp", "the code is 6 digits")
	}
	hash := auth.HashCode(svc.secret, otp)
	wrong := fault.FieldError("otp", "the code is wrong or expired")
	var ticket *ResetTicket
	err := txn.Own(ctx, svc.client, "verifyPasswordResetOtp", func(tx *ent.Client) (bool, error) {
		u, err := tx.User.Query().Where(user.Email(email)).Only(ctx)
		if ent.IsNotFound(err) {
			return false, wrong
		} else if err != nil {
			return false, err
		}
		now := time.Now()
		code, err := tx.AuthCode.Query().Where(authcode.UserID(u.ID), authcode.PurposeEQ(authcode.PurposeResetOtp),
			authcode.UsedAtIsNil(), authcode.ExpiresAtGT(now)).Order(ent.Desc(authcode.FieldCreatedAt)).First(ctx)
		if ent.IsNotFound(err) {
			return false, wrong
		} else if err != nil {
			return false, err
		}
		// Claim an attempt before comparing, in one conditional statement: of
		// concurrent guesses only maxCodeAttempts ever get a comparison, however
		// they interleave (the row's lock orders them on PostgreSQL, BEGIN
		// IMMEDIATE on SQLite).
		claimed, err := tx.AuthCode.Update().Where(authcode.ID(code.ID), authcode.UsedAtIsNil(),
			authcode.AttemptsLT(maxCodeAttempts)).AddAttempts(1).Save(ctx)
		if err != nil {
			return false, err
		}
		if claimed == 0 {
			return false, fault.Errorf(fault.KindForbidden, "this code is locked after %d wrong tries; request a new one", maxCodeAttempts)
		}
		if subtle.ConstantTimeCompare([]byte(hash), []byte(code.CodeHash)) != 1 {
			if code.Attempts+1 >= maxCodeAttempts {
				return true, fault.Errorf(fault.KindForbidden, "wrong code; it is now locked after %d wrong tries, request a new one", maxCodeAttempts)
			}
			return true, wrong
		}
		used, err := tx.AuthCode.Update().Where(authcode.ID(code.ID), authcode.UsedAtIsNil()).SetUsedAt(now).Save(ctx)
		if err != nil {
			return false, err
		}
		if used == 0 {
			return false, wrong
		}
		token := auth.RandomToken(32)
		if err := tx.AuthCode.Create().SetUserID(u.ID).SetPurpose(authcode.PurposeResetTicket).
			SetCodeHash(auth.HashToken(token)).SetExpiresAt(now.Add(resetTicketTTL)).Exec(ctx); err != nil {
			return false, err
		}
		idempotency.NoteSecret(ctx, token)
		ticket = &ResetTicket{ResetToken: token, ExpiresIn: int(resetTicketTTL / time.Second)}
		return true, nil
	})
	return ticket, err
}

// SetForgottenPassword sets a new password with a reset ticket and revokes every
// session of the account. Receiving the code also proves the email address. The
// password is hashed before the transaction opens; the ticket is claimed in it
// with a conditional update, so of two concurrent uses only one sets a password.
func (svc *Service) SetForgottenPassword(ctx context.Context, resetToken, password string) (bool, error) {
	if err := txn.RefuseShared(ctx, "setForgottenPassword"); err != nil {
		return false, err
	}
	invalid := fault.FieldError("resetToken", "the reset token is invalid, used or expired")
	now := time.Now()
	code, err := svc.client.AuthCode.Query().Where(authcode.CodeHash(auth.HashToken(strings.TrimSpace(resetToken))),
		authcode.PurposeEQ(authcode.PurposeResetTicket)).Only(ctx)
	if ent.IsNotFound(err) || (err == nil && (code.UsedAt != nil || now.After(code.ExpiresAt))) {
		return false, invalid
	} else if err != nil {
		return false, err
	}
	u, err := svc.client.User.Get(ctx, code.UserID)
	if err != nil {
		return false, err
	}
	if err := checkPassword("password", password, u.Email, u.Name); err != nil {
		return false, err
	}
	hash, err := svc.hashPassword(ctx, password)
	if err != nil {
		return false, err
	}
	err = svc.signInTx(ctx, "setForgottenPassword", func(ctx context.Context) error {
		client := svc.db(ctx)
		claimed, err := client.AuthCode.Update().Where(authcode.ID(code.ID), authcode.UsedAtIsNil()).SetUsedAt(now).Save(ctx)
		if err != nil {
			return err
		}
		if claimed == 0 {
			return invalid // used meanwhile
		}
		upd := client.User.UpdateOneID(u.ID).SetPasswordHash(hash)
		if u.EmailVerifiedAt == nil {
			upd.SetEmailVerifiedAt(now)
		}
		if err := upd.Exec(ctx); err != nil {
			return err
		}
		return client.Session.Update().Where(session.UserID(u.ID), session.RevokedAtIsNil()).SetRevokedAt(now).Exec(ctx)
	})
	return err == nil, err
}

// uniformAccountCheck is checkAccount's answer for every address unless the
// server reveals accounts: as if an account with a password existed, so the
// client goes on to the password form, whose refusal and the reset flow
// answer known and unknown addresses alike.
var uniformAccountCheck = Check{Exists: true, HasPassword: true}

// CheckAccount says whether an account exists for an address when the server
// is configured to reveal it (VIDRA_ACCOUNT_CHECK=reveal); otherwise it gives
// every well-formed address the same answer without reading the database, so
// that neither the answer nor its timing tells an anonymous caller which
// addresses have accounts. Both ways it is rate limited per address and
// account.
func (svc *Service) CheckAccount(ctx context.Context, emailIn string) (*Check, error) {
	email, err := NormalizeEmail("email", emailIn)
	if err != nil {
		return nil, err
	}
	if err := svc.allow(ctx,
		limitCheck{svc.checkIP, auth.RequestFrom(ctx).IP},
		limitCheck{svc.checkAccount, email}); err != nil {
		return nil, err
	}
	if !svc.revealAccounts {
		answer := uniformAccountCheck
		return &answer, nil
	}
	u, err := svc.db(ctx).User.Query().Where(user.Email(email)).Only(ctx)
	if ent.IsNotFound(err) {
		return &Check{}, nil
	} else if err != nil {
		return nil, err
	}
	return &Check{Exists: true, HasPassword: u.PasswordHash != nil}, nil
}

// SetPassword gives a password to an account that has none (made through OAuth).
// It hashes outside any transaction, then sets the hash in one conditional
// statement, so that of two concurrent calls only one sets a password.
func (svc *Service) SetPassword(ctx context.Context, password string) (bool, error) {
	if err := txn.RefuseShared(ctx, "setPassword"); err != nil {
		return false, err
	}
	u, err := svc.CurrentUser(ctx)
	if err != nil {
		return false, err
	}
	errHasPassword := fault.Errorf(fault.KindConflict, "the account already has a password; use updatePassword")
	if u.PasswordHash != nil {
		return false, errHasPassword
	}
	if err := checkPassword("password", password, u.Email, u.Name); err != nil {
		return false, err
	}
	hash, err := svc.hashPassword(ctx, password)
	if err != nil {
		return false, err
	}
	n, err := svc.client.User.Update().Where(user.ID(u.ID), user.PasswordHashIsNil()).SetPasswordHash(hash).Save(ctx)
	if err != nil {
		return false, err
	}
	if n == 0 {
		return false, errHasPassword
	}
	return true, nil
}

// UpdatePassword changes the password after checking the current one, and
// revokes every other session of the account. Both hashes run outside any
// transaction; the change is conditional on the hash that was checked, so a
// concurrent change is not overwritten.
func (svc *Service) UpdatePassword(ctx context.Context, current, next string) (bool, error) {
	if err := txn.RefuseShared(ctx, "updatePassword"); err != nil {
		return false, err
	}
	u, err := svc.CurrentUser(ctx)
	if err != nil {
		return false, err
	}
	if err := svc.allow(ctx, limitCheck{svc.loginAccount, accountFrom(ctx, u.Email)}); err != nil {
		return false, err
	}
	if u.PasswordHash == nil {
		return false, fault.Errorf(fault.KindConflict, "the account has no password yet; use setPassword")
	}
	wrong := fault.FieldError("currentPassword", "the current password is incorrect")
	ok, err := svc.verifyPassword(ctx, current, *u.PasswordHash)
	if err != nil {
		return false, err
	}
	if !ok {
		return false, wrong
	}
	if err := checkPassword("newPassword", next, u.Email, u.Name); err != nil {
		return false, err
	}
	hash, err := svc.hashPassword(ctx, next)
	if err != nil {
		return false, err
	}
	p := auth.FromContext(ctx)
	err = svc.signInTx(ctx, "updatePassword", func(ctx context.Context) error {
		client := svc.db(ctx)
		n, err := client.User.Update().Where(user.ID(u.ID), user.PasswordHash(*u.PasswordHash)).SetPasswordHash(hash).Save(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return wrong // changed meanwhile
		}
		return client.Session.Update().Where(session.UserID(u.ID), session.IDNEQ(p.SessionID), session.RevokedAtIsNil()).
			SetRevokedAt(time.Now()).Exec(ctx)
	})
	return err == nil, err
}
