package webhooks

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/mail"
)

// Notifier tells people about an endpoint the server disabled.
type Notifier interface {
	EndpointDisabled(ctx context.Context, ep *ent.WebhookEndpoint)
}

// MailNotifier mails the owners of the endpoint's organization.
type MailNotifier struct {
	Client *ent.Client
	Mailer mail.Mailer
	Log    *slog.Logger
}

// EndpointDisabled mails each owner of the project's organization; failures are
// logged (the endpoint's state and the webhook_endpoint.disabled event remain).
func (n *MailNotifier) EndpointDisabled(ctx context.Context, ep *ent.WebhookEndpoint) {
	p, err := n.Client.Project.Get(ctx, ep.ProjectID)
	if err != nil {
		n.Log.WarnContext(ctx, "disabled endpoint: find project", "endpoint_id", ep.ID, "err", err)
		return
	}
	owners, err := n.Client.User.Query().
		Where(user.HasMembershipsWith(membership.OrganizationID(p.OrganizationID), membership.RoleEQ(membership.RoleOwner))).
		All(ctx)
	if err != nil {
		n.Log.WarnContext(ctx, "disabled endpoint: find owners", "endpoint_id", ep.ID, "err", err)
		return
	}
	for _, u := range owners {
		msg := mail.Message{
			To:      u.Email,
			Subject: "Webhook endpoint disabled: " + ep.URL,
			Text: fmt.Sprintf("The webhook endpoint %s of project %q was disabled: %s.\n\n"+
				"Fix the receiver, then enable the endpoint again and resend the failed events from the webhook logs.\n",
				ep.URL, p.Name, ep.DisabledReason),
		}
		if err := n.Mailer.Send(ctx, msg); err != nil {
			n.Log.WarnContext(ctx, "disabled endpoint: mail owner", "endpoint_id", ep.ID, "user_id", u.ID, "err", err)
		}
	}
}
