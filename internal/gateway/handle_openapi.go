package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/api"
)

// handleOpenAPI serves the embedded OpenAPI document.
func (s *Service) handleOpenAPI(w http.ResponseWriter, _ *http.Request, _ *Caller) error {
	w.Header().Set("Content-Type", "application/yaml")
	_, _ = w.Write(api.OpenAPI)
	return nil
}
