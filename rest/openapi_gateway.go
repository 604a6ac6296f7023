package rest

import "strings"

// gatewayWebhookItem is the OpenAPI path item of a payment gateway's webhook
// endpoint (Options.Gateways): not a row of the table but a plain handler,
// authenticated by the gateway's signature of the body.
func gatewayWebhookItem(path string) obj {
	gateway := path[strings.LastIndex(path, "/")+1:]
	ref := obj{"$ref": "#/components/responses/Failure"}
	return obj{"post": obj{
		"operationId": "post" + strings.ToUpper(gateway[:1]) + gateway[1:] + "Webhook",
		"summary":     "Events of the " + gateway + " payment gateway (signed; no credential)",
		"description": "The gateway posts its events here. The " + gateway + "-Signature header (t=timestamp,v1=HMAC-SHA256 of " +
			"\"t.body\" with the webhook secret) is verified within 300 s; each event id is applied once (a redelivery is a " +
			"200 that changes nothing) and the object it names is re-fetched from the gateway's API. An event type the " +
			"gateway does not use is a 200 ignored. Answers 404 while the gateway is not configured.",
		"tags":     []string{"billing"},
		"security": []obj{},
		"parameters": []obj{{"name": "Stripe-Signature", "in": "header", "required": true,
			"schema": obj{"type": "string"}, "description": "t=<unix time>,v1=<hex HMAC-SHA256>"}},
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": obj{
			"type": "object", "required": []string{"id", "type", "data"}, "maxProperties": 100}}}},
		"responses": obj{
			"200": obj{"description": "Received (applied, a duplicate, or ignored)", "content": obj{"application/json": obj{"schema": obj{
				"type": "object", "required": []string{"success", "message", "result"}, "properties": obj{
					"success": obj{"type": "boolean", "const": true}, "message": obj{"type": "string"},
					"result": obj{"type": "object", "required": []string{"id", "type", "duplicate", "ignored"}, "properties": obj{
						"id": obj{"type": "string"}, "type": obj{"type": "string"},
						"duplicate": obj{"type": "boolean"}, "ignored": obj{"type": "boolean"}}}}}}}},
			"400": ref, "404": ref, "413": ref, "500": ref,
		},
	}}
}
