package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/api"
)

// handleOpenAPI serves the OpenAPI document, its server the address the client reached.
func (s *Service) handleOpenAPI(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	w.Header().Set("Content-Type", "application/yaml")
	_, _ = w.Write(api.OpenAPIFor(r.TLS != nil, r.Host, s.cfg.BasePath))
	return nil
}
