package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"reflect"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
)

// respondJSON writes v as a JSON body with status.
func respondJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// respondError writes err as the interface's error body. A 5xx is logged with its cause,
// at ERROR unless the request's own context ended it.
func (s *Service) respondError(w http.ResponseWriter, r *http.Request, err error) {
	id := requestID(r.Context())
	status, body := errorBody(err, id)
	switch {
	case status < http.StatusInternalServerError:
	case r.Context().Err() != nil && errors.Is(err, r.Context().Err()):
		// The client went away (or the server is stopping) and the work stopped with it:
		// nobody reads this answer and nothing failed.
		s.log.DebugContext(r.Context(), "request cancelled", slog.String("request_id", id), slog.Any("error", err))
	default:
		s.log.ErrorContext(r.Context(), "request failed", slog.String("request_id", id), slog.Any("error", err))
	}
	if after := retryAfterSeconds(err); after != "" {
		w.Header().Set("Retry-After", after)
	}
	respondJSON(w, status, body)
}

// decode reads the request body, within the size limit, into dst.
func (s *Service) decode(w http.ResponseWriter, r *http.Request, dst any) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return fail(errs.ErrBodyTooLarge, "request body exceeds %d bytes", tooLarge.Limit)
		}
		return fail(errs.ErrInvalid, "request body could not be read")
	}
	return decodeJSON(data, dst)
}

// decodeJSON decodes one JSON object into dst. Unknown fields are ignored, as the
// interface asks; a key repeated in any object is refused (checkJSONKeys). Every error is
// an errs.ErrInvalid naming the field where it can.
func decodeJSON(data []byte, dst any) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return fail(errs.ErrInvalid, "request body is required")
	}
	if data[0] != '{' {
		return fail(errs.ErrInvalid, "request body must be a JSON object")
	}
	if err := checkJSONKeys(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(dst); err != nil {
		var typeErr *json.UnmarshalTypeError
		var syntaxErr *json.SyntaxError
		switch {
		case errors.As(err, &typeErr) && typeErr.Field != "":
			return fail(errs.ErrInvalid, "field %s must be %s", typeErr.Field, jsonKind(typeErr.Type))
		case errors.As(err, &syntaxErr):
			return fail(errs.ErrInvalid, "malformed JSON at byte %d", syntaxErr.Offset)
		default:
			return fail(errs.ErrInvalid, "malformed JSON")
		}
	}
	if dec.More() {
		return fail(errs.ErrInvalid, "unexpected data after the JSON object")
	}
	return nil
}

// jsonKind names a Go type in JSON terms.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Bool:
		return "a boolean"
	case reflect.Map, reflect.Struct:
		return "an object"
	default:
		return "a number"
	}
}

// amounts fails with the first of the named amount fields that is set but not an amount
// of the one grammar (chain.AmountPattern). Arguments alternate name, value. A tool that
// asks its user to confirm checks its amounts first, so that nobody confirms a request
// the gateway refuses.
func amounts(fields ...string) error {
	for i := 0; i+1 < len(fields); i += 2 {
		if v := fields[i+1]; v != "" {
			if _, err := chain.ParseDecimal(v); err != nil {
				return fail(errs.ErrInvalid, "field %s %q is not an amount: digits with an optional fraction, such as 10 or 0.5", fields[i], echo.Value(v))
			}
		}
	}
	return nil
}
