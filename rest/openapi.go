package rest

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// OpenAPIPath is where the main host serves the OpenAPI document of the table.
const OpenAPIPath = "/v1/openapi.json"

// obj is a JSON object of the OpenAPI document.
type obj = map[string]any

// openAPIBuilder derives an OpenAPI 3.1 document from the compiled routes and the
// GraphQL schema: parameters from the path and query bindings, request bodies
// from the variables' input types, responses from the selected fields, every
// name in its REST (snake_case) spelling.
type openAPIBuilder struct {
	schema     *ast.Schema
	components obj
}

// openAPIDocument builds the document of the handler's routes.
func openAPIDocument(h *Handler) ([]byte, error) {
	b := &openAPIBuilder{schema: h.inputs.schema, components: obj{
		"FieldError": obj{"type": "object", "required": []string{"field", "message"}, "properties": obj{
			"field":   obj{"type": []string{"string", "null"}, "description": "The input field (snake_case) the error concerns, when there is one."},
			"message": obj{"type": "string"},
		}},
		"Failure": obj{"type": "object", "required": []string{"success", "message", "result", "errors"}, "additionalProperties": false, "properties": obj{
			"success": obj{"type": "boolean", "const": false},
			"message": obj{"type": "string"},
			"result":  obj{"type": "null"},
			"errors":  obj{"type": "array", "minItems": 1, "items": obj{"$ref": "#/components/schemas/FieldError"}},
		}},
		"Pagination": obj{"type": "object", "required": []string{"next_cursor", "has_more"}, "additionalProperties": false, "properties": obj{
			"next_cursor": obj{"type": []string{"string", "null"}, "description": "Pass as ?cursor= for the next page; null on the last page."},
			"has_more":    obj{"type": "boolean"},
		}},
	}}
	paths := obj{}
	for _, c := range h.routes {
		item, _ := paths[openAPIPath(c.fullPath)].(obj)
		if item == nil {
			item = obj{}
			paths[openAPIPath(c.fullPath)] = item
		}
		item[strings.ToLower(c.Method)] = b.operation(c)
	}
	// The document itself is a /v1 route too, though not a row: it answers the
	// bare document, not an envelope.
	paths[OpenAPIPath] = obj{"get": obj{
		"operationId": "getOpenapiJson",
		"summary":     "This OpenAPI document",
		"tags":        []string{"service"},
		"security":    []obj{},
		"responses": obj{"200": obj{"description": "The OpenAPI 3.1 document of the /v1 routes",
			"content": obj{"application/json": obj{"schema": obj{"type": "object", "required": []string{"openapi", "info", "paths"}}}}}},
	}}
	for path := range h.opts.Gateways {
		paths["/v1"+path] = gatewayWebhookItem(path)
	}
	failure := obj{"description": "Failure envelope", "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Failure"}}}}
	doc := obj{
		"openapi": "3.1.0",
		"info": obj{
			"title":       "Vidra REST API",
			"version":     "1",
			"description": "The REST /v1 compatibility layer: every route executes a GraphQL operation of /graphql in process.",
		},
		"paths": paths,
		"components": obj{
			"schemas": b.components,
			"responses": obj{"Failure": failure, "RateLimited": obj{
				"description": "Rate limited: the failure envelope, and when to try again",
				"headers": obj{"Retry-After": obj{"required": true, "description": "Seconds to wait before the next try.",
					"schema": obj{"type": "integer", "minimum": 0}}},
				"content": failure["content"],
			}},
			"securitySchemes": obj{
				"adminKey": obj{"type": "apiKey", "in": "header", "name": "X-API-Key",
					"description": "The admin key of the deployment (VIDRA_ADMIN_API_KEY), on admin routes."},
				"bearerAuth": obj{"type": "http", "scheme": "bearer", "bearerFormat": "JWT",
					"description": "An access token from sign-in (login, register, refresh, OAuth)."},
				"apiKey": obj{"type": "apiKey", "in": "header", "name": "X-API-Key",
					"description": "An organization's API key; its grants decide what it reaches."},
			},
		},
	}
	return json.MarshalIndent(doc, "", "  ")
}

// openAPIPath turns a chi pattern into an OpenAPI path template ({id:regex} -> {id}).
func openAPIPath(p string) string {
	return pathParam.ReplaceAllString(p, "{$1}")
}

// operation describes one route.
func (b *openAPIBuilder) operation(c *compiled) obj {
	root := collectFields(c.op.SelectionSet)[0]
	op := obj{
		"operationId": operationID(c),
		"summary":     c.Message,
		"description": "Runs the GraphQL " + string(c.op.Operation) + " field `" + root.Name + "`.",
		"tags":        []string{tagOf(c)},
	}
	if root.Definition != nil && root.Definition.Description != "" {
		// The field's SDL doc (units, defaults, permissions) is the row's too.
		op["description"] = op["description"].(string) + " " + strings.Join(strings.Fields(root.Definition.Description), " ")
	}
	switch {
	case c.Host == HostAdmin || c.AdminKey:
		op["security"] = []obj{{"adminKey": []string{}}}
	case c.Public:
		op["security"] = []obj{} // no credential needed
	default:
		op["security"] = []obj{{"bearerAuth": []string{}}, {"apiKey": []string{}}}
	}
	var params []obj
	for _, p := range c.params {
		s := obj{"type": "string"}
		if c.isIDParam(p) {
			s = obj{"type": "string", "format": "uuid", "minLength": 36, "maxLength": 36}
		}
		params = append(params, obj{"name": p, "in": "path", "required": true, "schema": s})
	}
	body := obj{"type": "object", "additionalProperties": false, "properties": obj{}}
	var required []string
	multipart := false
	for _, bd := range c.bindings {
		switch bd.source {
		case fromQuery:
			s := b.typeSchema(bd.def.Type, true)
			if bd.def.Variable == "first" {
				s = obj{"type": "integer", "minimum": 0, "maximum": 500, "default": defaultLimit}
			}
			params = append(params, obj{"name": bd.key, "in": "query", "required": bd.def.Type.NonNull && bd.def.DefaultValue == nil, "schema": s})
		case fromBody:
			body["properties"].(obj)[bd.key] = b.typeSchema(bd.def.Type, true)
			if bd.def.Type.NonNull && bd.def.DefaultValue == nil {
				required = append(required, bd.key)
			}
			multipart = multipart || bd.def.Type.NamedType == "Upload"
		case fromWholeBody:
			body = b.typeSchema(bd.def.Type, true)
		}
	}
	params = append(params, b.listParameters(c)...)
	if c.Method == "POST" {
		params = append(params, obj{"name": "Idempotency-Key", "in": "header", "required": false,
			"description": "Makes a retry safe: the same key and request within 24 hours replay the first success " +
				"(with Idempotency-Replayed: true); the key with another request is 422; while the first still runs, 409. " +
				"Scoped to the caller (user and organization, or API key); ignored on anonymous requests; a refused or failed request releases the key.",
			"schema": obj{"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"}})
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
	if c.hasBody {
		if len(required) > 0 {
			sort.Strings(required)
			body["required"] = required
		}
		content := obj{"application/json": obj{"schema": body}}
		if multipart {
			content = obj{"multipart/form-data": obj{"schema": body}}
		}
		op["requestBody"] = obj{"required": true, "content": content}
	}
	responses := obj{}
	for _, status := range []string{"400", "401", "403", "404", "409", "413", "422", "500"} {
		responses[status] = obj{"$ref": "#/components/responses/Failure"}
	}
	responses["429"] = obj{"$ref": "#/components/responses/RateLimited"}
	if paymentRequired(c.Operation) {
		responses["402"] = obj{"$ref": "#/components/responses/Failure"}
	}
	resultKey := "result"
	if c.ResultKey != "" {
		resultKey = c.ResultKey
	}
	// envelope is the success envelope (docs/ROUTES.md), exactly these keys, with
	// success fixed to ok.
	envelope := func(ok bool) obj {
		env := obj{"type": "object", "required": []string{"success", "message", resultKey}, "additionalProperties": false, "properties": obj{
			"success": obj{"type": "boolean", "const": ok},
			"message": obj{"type": "string"},
			resultKey: b.resultSchema(c),
		}}
		if c.connection != nil {
			env["properties"].(obj)["pagination"] = obj{"$ref": "#/components/schemas/Pagination"}
			env["required"] = []string{"success", "message", resultKey, "pagination"}
		}
		return env
	}
	responses["200"] = obj{"description": c.Message, "content": obj{"application/json": obj{"schema": envelope(true)}}}
	if c.Method == "POST" {
		responses["200"].(obj)["headers"] = obj{"Idempotency-Replayed": obj{"required": false,
			"description": "true when the response is the stored answer to an earlier request with the same Idempotency-Key.",
			"schema":      obj{"type": "string", "enum": []string{"true"}}}}
	}
	if c.Download != "" {
		responses["200"] = obj{"description": c.Message + ": the file itself, as an attachment",
			"content": obj{c.Download: obj{"schema": obj{"type": "string", "format": "binary"}}}}
	}
	if c.UnavailableUnless != "" {
		responses["503"] = obj{"description": "Unavailable: the same envelope with success false",
			"content": obj{"application/json": obj{"schema": envelope(false)}}}
	}
	op["responses"] = responses
	return op
}

// operationID names a route uniquely from its method and path.
func operationID(c *compiled) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(c.Method))
	for _, seg := range strings.FieldsFunc(openAPIPath(c.fullPath), func(r rune) bool { return r == '/' || r == '-' || r == '{' || r == '}' || r == '.' }) {
		b.WriteString(strings.ToUpper(seg[:1]) + seg[1:])
	}
	return b.String()
}

// tagOf groups routes by their first path segment after the project, e.g. videos.
func tagOf(c *compiled) string {
	segs := strings.Split(strings.Trim(c.Path, "/"), "/")
	tag := segs[0]
	if len(segs) > 2 && segs[0] == "projects" {
		tag = segs[2]
	}
	if tag == "" {
		tag = "service"
	}
	if c.Host != HostMain {
		tag = c.Host + " " + tag
	}
	return tag
}

// resultSchema describes the envelope's result.
func (b *openAPIBuilder) resultSchema(c *compiled) obj {
	if c.connection != nil {
		node := c.result
		return obj{"type": "array", "items": b.objectSchema(c.connection.node, nodeType(node))}
	}
	return b.outputSchema(c.result.Definition.Type, c.shape)
}

// nodeType is the GraphQL object type of a connection's nodes.
func nodeType(conn *ast.Field) string {
	for _, e := range collectFields(conn.SelectionSet) {
		if e.Alias == "edges" {
			for _, n := range collectFields(e.SelectionSet) {
				if n.Alias == "node" {
					return n.Definition.Type.Name()
				}
			}
		}
	}
	return ""
}

// outputSchema describes a selected field's value of type t.
func (b *openAPIBuilder) outputSchema(t *ast.Type, s *shape) obj {
	var out obj
	switch {
	case t.Elem != nil:
		out = obj{"type": "array", "items": b.outputSchema(t.Elem, s)}
	case s != nil:
		out = b.objectSchema(s, t.NamedType)
	default:
		out = b.scalarSchema(t.NamedType)
	}
	if !t.NonNull {
		return nullable(out)
	}
	return out
}

// objectSchema describes an object by the fields of its shape.
func (b *openAPIBuilder) objectSchema(s *shape, typeName string) obj {
	props := obj{}
	var required []string
	for _, f := range s.fields {
		name := snake(f.key)
		if f.field.Definition == nil { // __typename
			props[name] = obj{"type": "string"}
			continue
		}
		fs := b.outputSchema(f.field.Definition.Type, f.shape)
		if d := f.field.Definition.Description; d != "" {
			// The SDL's doc of the field (its unit, say) documents the JSON key.
			fs = withDescription(fs, strings.Join(strings.Fields(d), " "))
		}
		props[name] = fs
		required = append(required, name)
	}
	// Exactly the selected fields: the server writes no others.
	out := obj{"type": "object", "properties": props, "additionalProperties": false}
	if typeName != "" {
		out["title"] = typeName
	}
	if len(required) > 0 {
		out["required"] = required
	}
	return out
}

// typeSchema describes an input value of type t; input objects are components.
func (b *openAPIBuilder) typeSchema(t *ast.Type, top bool) obj {
	var out obj
	switch {
	case t.Elem != nil:
		out = obj{"type": "array", "items": b.typeSchema(t.Elem, false)}
	default:
		def := b.schema.Types[t.NamedType]
		if def != nil && def.Kind == ast.InputObject {
			b.inputComponent(def)
			out = obj{"$ref": "#/components/schemas/" + def.Name}
		} else {
			out = b.scalarSchema(t.NamedType)
		}
	}
	if !t.NonNull {
		return nullable(out)
	}
	return out
}

// inputComponent adds an input object type to the components, once.
func (b *openAPIBuilder) inputComponent(def *ast.Definition) {
	if _, ok := b.components[def.Name]; ok {
		return
	}
	props := obj{}
	out := obj{"type": "object", "additionalProperties": false, "properties": props}
	if def.Description != "" {
		out["description"] = def.Description
	}
	b.components[def.Name] = out // before the fields: input types may be recursive
	var required []string
	for _, f := range def.Fields {
		s := b.typeSchema(f.Type, false)
		if f.Description != "" {
			s = obj{"allOf": []obj{s}, "description": f.Description}
		}
		props[snake(f.Name)] = s
		if f.Type.NonNull && f.DefaultValue == nil {
			required = append(required, snake(f.Name))
		}
	}
	if len(required) > 0 {
		out["required"] = required
	}
}

// scalarSchema describes a scalar or enum.
func (b *openAPIBuilder) scalarSchema(name string) obj {
	switch name {
	case "ID":
		return obj{"type": "string", "format": "uuid"}
	case "String", "Cursor":
		return obj{"type": "string"}
	case "Int":
		return obj{"type": "integer"}
	case "Float":
		return obj{"type": "number"}
	case "Boolean":
		return obj{"type": "boolean"}
	case "Time":
		return obj{"type": "string", "format": "date-time"}
	case "Map":
		return obj{"type": "object", "description": "Arbitrary JSON, kept exactly as sent."}
	case "Upload":
		return obj{"type": "string", "format": "binary"}
	}
	if def := b.schema.Types[name]; def != nil && def.Kind == ast.Enum {
		values := make([]any, len(def.EnumValues))
		for i, v := range def.EnumValues {
			values[i] = v.Name
		}
		return obj{"type": "string", "enum": values}
	}
	return obj{}
}

// nullable allows null beside a schema, the OpenAPI 3.1 way.
func nullable(s obj) obj {
	if t, ok := s["type"].(string); ok {
		out := obj{}
		for k, v := range s {
			out[k] = v
		}
		out["type"] = []string{t, "null"}
		if e, ok := s["enum"].([]any); ok {
			out["enum"] = append(append([]any{}, e...), nil)
		}
		return out
	}
	return obj{"anyOf": []obj{s, {"type": "null"}}}
}

// withDescription is s with a description, leaving s itself unchanged.
func withDescription(s obj, d string) obj {
	out := make(obj, len(s)+1)
	for k, v := range s {
		out[k] = v
	}
	out["description"] = d
	return out
}

// paymentRequiredFields are the root fields that answer PAYMENT_REQUIRED (402):
// those that start an upload while the organization is over a plan's hard
// limit or unpaid, and plan changes while a subscription is past due.
var paymentRequiredFields = []string{"createUploadToken(", "pullVideo(", "createClip(", "subscribe("}

// paymentRequired reports whether an operation may answer 402.
func paymentRequired(operation string) bool {
	for _, f := range paymentRequiredFields {
		if strings.Contains(operation, f) {
			return true
		}
	}
	return false
}
