package account

import (
	"context"
	"net/url"
	"strings"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/fault"
)

// UpdateProfile changes the signed-in user's name and avatar address.
func (svc *Service) UpdateProfile(ctx context.Context, in ProfileInput) (*ent.User, error) {
	u, err := svc.CurrentUser(ctx)
	if err != nil {
		return nil, err
	}
	upd := svc.db(ctx).User.UpdateOne(u)
	if in.Name != nil {
		name := strings.TrimSpace(*in.Name)
		if name == "" {
			return nil, fault.FieldError("name", "name must not be empty")
		}
		upd.SetName(name)
	}
	if in.AvatarURL != nil {
		a := strings.TrimSpace(*in.AvatarURL)
		if a != "" {
			if v, err := url.Parse(a); err != nil || (v.Scheme != "http" && v.Scheme != "https") || v.Host == "" {
				return nil, fault.FieldError("avatarURL", "avatar must be an http(s) URL")
			}
		}
		upd.SetAvatarURL(a)
	}
	return upd.Save(ctx)
}
