package api

import _ "embed"

// AsyncAPI is the AsyncAPI 3.0 document of the websocket (asyncapi.yaml): its channels,
// messages and their schemas.
//
//go:embed asyncapi.yaml
var AsyncAPI []byte
