package graph

import (
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/webhooks"
	"github.com/vidra-dev/vidra/internal/webhooks/endpoint"
)

// WebhookDeps are what the webhook operations need (internal/webhooks/endpoint
// runs their rules).
type WebhookDeps struct {
	// Events records events with the mutations that cause them.
	Events *webhooks.Recorder
	// AllowPlainHTTP accepts http:// endpoint URLs (VIDRA_ALLOW_PRIVATE_NETWORKS).
	AllowPlainHTTP bool
	// SecretOverlap is the default time both secrets sign after a rotation.
	SecretOverlap time.Duration
}

// webhookEventTypes is the catalogue.
func webhookEventTypes() []*model.WebhookEventType {
	out := make([]*model.WebhookEventType, len(events.Catalogue))
	for i, t := range events.Catalogue {
		out[i] = &model.WebhookEventType{Name: t.Name, Description: t.Description, Reserved: t.Reserved}
	}
	return out
}

// endpointInput is an endpoint's GraphQL input as the endpoint service takes it.
func endpointInput(in model.WebhookEndpointInput) endpoint.Input {
	return endpoint.Input{URL: in.URL, Description: in.Description, EventTypes: in.EventTypes, Enabled: in.Enabled}
}

// withSecret presents an endpoint beside its new secret, or the error.
func withSecret(ep *ent.WebhookEndpoint, secret string, err error) (*model.WebhookEndpointWithSecret, error) {
	if err != nil {
		return nil, err
	}
	return &model.WebhookEndpointWithSecret{Endpoint: ep, Secret: secret}, nil
}
