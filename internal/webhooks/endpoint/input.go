package endpoint

import (
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// maxEventTypes bounds the event types one endpoint lists.
const maxEventTypes = 100

// Input is an endpoint's settings as a create or an update gives them.
type Input struct {
	URL         string
	Description *string
	// EventTypes are the catalogue's names the endpoint receives (none: all).
	EventTypes []string
	Enabled    *bool
}

// check validates an endpoint's settings and returns its event types without
// duplicates, in the order given.
func (s *Service) check(in Input) ([]string, error) {
	if err := webhooks.CheckURL(in.URL, s.d.AllowPlainHTTP); err != nil {
		return nil, fault.FieldError("input.url", "%s", err.Error())
	}
	if len(in.EventTypes) > maxEventTypes {
		return nil, fault.FieldError("input.eventTypes", "at most %d event types", maxEventTypes)
	}
	seen := map[string]bool{}
	types := []string{}
	for _, t := range in.EventTypes {
		if !events.Known(t) {
			return nil, fault.FieldError("input.eventTypes", "unknown event type %q (see webhookEventTypes)", t)
		}
		if !seen[t] {
			seen[t] = true
			types = append(types, t)
		}
	}
	return types, nil
}
