// Package oapigen pins, in a module of its own (so that the gateway's dependencies do not
// follow the generator's), oapi-codegen (go.mod's tool directive) and the runtime that
// the clients it generates import. TestGeneratedClient (internal/gateway) generates a
// client of the OpenAPI document with it, builds it against this module's requirements
// and calls a real gateway.
package oapigen

import (
	_ "github.com/oapi-codegen/runtime" // imported by the generated clients
	_ "go.yaml.in/yaml/v3"              // imported by the generated clients
)
