// Package api holds the wire contract of the dtwgate REST interface: request and response
// types, error codes with their HTTP statuses, permission names, route paths and the
// OpenAPI 3.1 document. The gateway and the client both import it, so the two sides
// cannot drift apart.
package api
