// Package rest serves the documented /v1 REST paths (docs/ROUTES.md) by executing the
// same GraphQL operations as the GraphQL API, in process. A REST route is one row
// of the route table, never a handler of its own.
package rest

// The hosts a route can be served on (Route.Host).
const (
	// HostMain is the main API: paths under /v1.
	HostMain = ""
	// HostAdmin is the admin host: paths under /v1/admin, with header X-API-Key equal to
	// the configured admin key; off (404) while no key is configured.
	HostAdmin = "admin"
	// HostAnalytics is the analytics host: paths under /report/v1 and /collect/v1.
	HostAnalytics = "analytics"
	// HostMainV2 is version 2 of the main API: paths under /v2, served with the main
	// API (same credentials, registered with HostMain), for the few resources that
	// have a second version (the transcoding jobs of docs/ROUTES.md).
	HostMainV2 = "v2"
)

// Route is one row of the REST route table: an HTTP method and path served by one
// GraphQL operation.
//
// Variables of the operation are filled from the request by name:
//   - path parameters: {projId} fills $projId; a parameter named id or ending in Id
//     must be a 36-character UUID (400 naming the parameter otherwise), unless its
//     variable is a String (free text, e.g. an analytics user id);
//   - query parameters: snake_case names fill their camelCase variables
//     (?entity_type= fills $entityType); ?limit= and ?cursor= fill $first and $after
//     (limit defaults to 50 when the operation declares $first);
//   - the JSON body: when BodyVar is set the whole body fills that variable
//     (e.g. "input"), otherwise each top-level key fills its camelCase variable
//     ({"to_folder_id": ...} fills $toFolderId). Keys inside input objects are
//     converted from snake_case to the schema's own field names and back.
//     Without BodyVar, POST, PUT and PATCH take the variables that no path parameter
//     fills from the body, GET and DELETE from the query; with BodyVar, the others
//     come from the query. Unknown body keys are a 400.
//   - on a list row, a variable of an entgql order type (VideoOrder...) is filled
//     by ?sort=: one order field in snake_case, "-" prefix for descending
//     (?sort=-created_at, ?sort=title); its default in the operation
//     ($orderBy: VideoOrder = {field: CREATED_AT, direction: DESC}) is the
//     list's default order. The list's next_cursor then carries the sort it was
//     made under, and a cursor is refused (400) under another sort;
//   - Filters, when set, are query parameters that fill the $where variable;
//   - multipart/form-data bodies (POST, PUT, PATCH without BodyVar): a file part fills
//     the Upload variable of its name (part "file" fills $file), other parts fill
//     their variables like query parameters.
//
// An empty string for a nullable ID means null (docs/spec.md 4.1: an empty
// to_folder_id is the root).
//
// The value of the operation's single root field (or the field ResultPath names
// below it) becomes the envelope's result; a connection becomes an array of its
// nodes plus pagination, and must select pageInfo { hasNextPage endCursor }.
type Route struct {
	// Method is the HTTP method: GET, POST, PUT, PATCH or DELETE.
	Method string
	// Path is the chi pattern relative to the host's base: /v1 for the main host
	// (e.g. /projects/{projId}/folders), /v2 for HostMainV2, /v1/admin for the admin host (e.g.
	// /organizations) and the server root for the analytics host (e.g.
	// /report/v1/{projectId}/dataset).
	Path string
	// Operation is a GraphQL document holding exactly one operation with one root field.
	Operation string
	// Message is the envelope's message on success.
	Message string
	// BodyVar, when set, names the variable that receives the whole JSON body.
	BodyVar string
	// Public routes need no credential.
	Public bool
	// AdminKey routes of the main host need the admin key in X-API-Key, as the
	// admin host's do (401 without it); like those, they are off (404) while
	// no admin key is configured.
	AdminKey bool
	// Host is the host that serves the route: HostMain (""), HostMainV2, HostAdmin or HostAnalytics.
	Host string
	// ResultPath, when set, names fields below the root field, dot separated, whose
	// value is the result: "videos" makes project(id:){ videos(...) } list the videos.
	// Every field on the way is an object; a null one on the way is a 404.
	ResultPath string
	// ResultKey, when set, names the envelope's payload key in place of "result"
	// (the admin listing of docs/spec.md 4.10 uses "data").
	ResultKey string
	// Filters, on a list row whose operation declares $where (a WhereInput), map
	// query parameters (snake_case) to the where input's fields, dot separated
	// below edges: {"status": "statusIn", "tag_id": "hasTagsWith.id"}. A list
	// field takes the parameter repeated; an empty parameter filters nothing;
	// a value that is not of the field's type (an unknown enum value, an id that
	// is not a UUID, a time that is not RFC 3339) is a 400 naming the parameter.
	Filters map[string]string
	// UnavailableUnless, when set, names a Boolean field of the result; when it is
	// false the response is 503 with success false (the health row).
	UnavailableUnless string
	// Download, when set, is the media type of a row that answers with a file
	// rather than the envelope: the result is an object whose content (base64)
	// is the body, served with its contentType (this one when empty) and, as an
	// attachment, its filename (an invoice's PDF). Failures keep the failure
	// envelope.
	Download string
}
