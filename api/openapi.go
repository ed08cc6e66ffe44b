package api

import _ "embed"

// OpenAPI is the OpenAPI 3.1 document of the API (openapi.yaml).
//
//go:embed openapi.yaml
var OpenAPI []byte
