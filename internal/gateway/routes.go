package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/api"
)

// Access says who may call a route.
type Access int

// Access levels.
const (
	// Public routes need no token.
	Public Access = iota
	// Authenticated routes need a valid bearer token and the route's Permission, if any.
	Authenticated
)

// handler is a route's handler: a method of Service. caller is nil on public routes.
type handler func(s *Service, w http.ResponseWriter, r *http.Request, caller *Caller) error

// Route is one endpoint of the API.
type Route struct {
	// Method is the HTTP method.
	Method string
	// Path is relative to the base path (an api.Path constant).
	Path string
	// Access says whether a token is needed.
	Access Access
	// Permission is required of the caller on Authenticated routes; "" means any valid token.
	Permission api.Permission
	handle     handler
}

// routes is the route table: every API endpoint, its access rule and its handler. Adding
// an endpoint is one line here plus a handler method.
var routes = []Route{
	{http.MethodPost, api.PathAuthToken, Public, "", (*Service).handleAuthToken},
	{http.MethodPost, api.PathAuthGetToken, Public, "", (*Service).handleAuthToken},
	{http.MethodGet, api.PathSIWENonce, Public, "", (*Service).handleSIWENonce},
	{http.MethodPost, api.PathSIWEVerify, Public, "", (*Service).handleSIWEVerify},
	{http.MethodPost, api.PathAuthTicket, Public, "", (*Service).handleAuthTicket},
	{http.MethodGet, api.PathJWTCheck, Authenticated, "", (*Service).handleJWTCheck},
	{http.MethodGet, api.PathAPIKeys, Authenticated, api.PermRead, (*Service).handleListAPIKeys},
	{http.MethodPost, api.PathAPIKeys, Authenticated, api.PermManageKeys, (*Service).handleCreateAPIKey},
	{http.MethodPost, api.PathAPIKeyRotate, Authenticated, api.PermManageKeys, (*Service).handleRotateAPIKey},
	{http.MethodGet, api.PathOpenAPI, Public, "", (*Service).handleOpenAPI},
}

// Routes returns a copy of the route table, for documentation and tests.
func Routes() []Route { return append([]Route(nil), routes...) }
