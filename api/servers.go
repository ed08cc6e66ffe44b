package api

import (
	"bytes"
	"regexp"
)

// The documents' servers as embedded: the default local gateway. Served documents name
// the gateway the client reached instead (OpenAPIFor, AsyncAPIFor).
const (
	openAPIServer  = "servers:\n  - url: http://127.0.0.1:8080/api\n    description: default local gateway\n"
	asyncAPIServer = "servers:\n  local:\n    host: 127.0.0.1:8080\n    pathname: /api\n    protocol: ws\n    description: the default local gateway\n"
)

// validHost is a host[:port] safe to write into a YAML document unquoted: a DNS name or an
// IPv4 address, or an IPv6 address in brackets, and an optional port.
var validHost = regexp.MustCompile(`^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$`)

// validBasePath is a base path safe to write into a YAML document unquoted.
var validBasePath = regexp.MustCompile(`^(?:/[A-Za-z0-9._~-]+)*/api$`)

// OpenAPIFor is the OpenAPI document whose server is the gateway at host (the request's
// Host) and basePath, reached over TLS or not. A host or base path that is not a plain
// host[:port] or path leaves the default server.
func OpenAPIFor(tls bool, host, basePath string) []byte {
	if !validHost.MatchString(host) || !validBasePath.MatchString(basePath) {
		return OpenAPI
	}
	scheme := "http"
	if tls {
		scheme = "https"
	}
	return bytes.Replace(OpenAPI, []byte(openAPIServer),
		[]byte("servers:\n  - url: "+scheme+"://"+host+basePath+"\n    description: this gateway, as the request for this document reached it\n"), 1)
}

// AsyncAPIFor is the AsyncAPI document whose server is the gateway at host (the
// request's Host) and basePath, reached over TLS (wss) or not (ws). A host or base path
// that is not a plain host[:port] or path leaves the default server.
func AsyncAPIFor(tls bool, host, basePath string) []byte {
	if !validHost.MatchString(host) || !validBasePath.MatchString(basePath) {
		return AsyncAPI
	}
	protocol := "ws"
	if tls {
		protocol = "wss"
	}
	return bytes.Replace(AsyncAPI, []byte(asyncAPIServer),
		[]byte("servers:\n  local:\n    host: '"+host+"'\n    pathname: "+basePath+"\n    protocol: "+protocol+
			"\n    description: this gateway, as the request for this document reached it\n"), 1)
}
