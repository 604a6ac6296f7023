// Package rest serves the documented /v1 REST paths (ROUTES.md) by executing the
// same GraphQL operations as the GraphQL API, in process. A REST route is one row
// of the route table, never a handler of its own.
package rest

// Route is one row of the REST route table: an HTTP method and path served by one
// GraphQL operation.
//
// Variables of the operation are filled from the request by name:
//   - path parameters: {projId} fills $projId;
//   - query parameters: snake_case names fill their camelCase variables
//     (?entity_type= fills $entityType); ?limit= and ?cursor= fill $first and $after;
//   - the JSON body: when BodyVar is set the whole body fills that variable
//     (e.g. "input"), otherwise each top-level key fills its camelCase variable
//     ({"to_folder_id": ...} fills $toFolderId). Keys inside input objects are
//     converted from snake_case to the schema's own field names and back.
//
// The value of the operation's single root field becomes the envelope's result; a
// connection becomes an array of its nodes plus pagination.
type Route struct {
	// Method is the HTTP method: GET, POST, PUT, PATCH or DELETE.
	Method string
	// Path is the chi pattern relative to /v1, e.g. /projects/{projId}/folders.
	Path string
	// Operation is a GraphQL document holding exactly one operation.
	Operation string
	// Message is the envelope's message on success.
	Message string
	// BodyVar, when set, names the variable that receives the whole JSON body.
	BodyVar string
	// Public routes need no credential.
	Public bool
}
