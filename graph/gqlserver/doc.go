// Package gqlserver is the edge of Vidra's GraphQL server: what stands between
// a request and the resolvers of package graph. It holds the transports (POST
// with its faster response writer, GET, multipart uploads, and the websocket
// of subscriptions with its origin rule, connection limits and credential
// admission), the request and document limits checked before anything is
// parsed (document bounds) or executed (depth, page sizes, complexity), the
// introspection policy, the refusal of queries over the subscription
// websocket, and the admission gate that bounds the operations executing at
// once.
//
// The name says what it is for: the server of the GraphQL protocol, as
// graph/gqlexec is its executor's hot paths. It is not named transport, which
// would shadow gqlgen's graphql/handler/transport that every transport here
// wraps.
//
// It does not import package graph: graph/handler.go assembles the HTTP
// handler and the REST executor from these parts, and what a transport needs
// of the application (checking a credential, watching it while a connection
// stays open) comes in through the Credentials interface.
package gqlserver
