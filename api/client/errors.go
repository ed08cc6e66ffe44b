package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/dtwgate/dtwgate/api"
)

// ErrNoAuthenticator is returned by calls to authenticated endpoints on a client
// configured without an Authenticator or API key.
var ErrNoAuthenticator = errors.New("no credentials configured (set an Authenticator, or " + EnvAPIKeyID + " and " + EnvAPISecret + ")")

// Error is a non-2xx answer of the gateway.
type Error struct {
	// StatusCode is the HTTP status.
	StatusCode int
	// Code is the interface's error code; empty when the body carried none.
	Code api.ErrorCode
	// Description is the gateway's explanation, or the start of a body that was not an
	// error object.
	Description string
	// Method and Path identify the request.
	Method, Path string
	// RequestID is the gateway's id of the request (X-Request-Id), for its logs.
	RequestID string
}

// Error implements error.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %d", e.Method, e.Path, e.StatusCode)
	if e.Code != "" {
		fmt.Fprintf(&b, " %s", e.Code)
	}
	if e.Description != "" {
		fmt.Fprintf(&b, ": %s", e.Description)
	}
	return b.String()
}

// Temporary reports whether the request may succeed when sent again later (a 5xx).
func (e *Error) Temporary() bool { return e.StatusCode >= 500 }

// IsCode reports whether err is (or wraps) an *Error with the given code.
func IsCode(err error, code api.ErrorCode) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}

// StatusCode returns the HTTP status of an *Error in err's chain, or 0.
func StatusCode(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.StatusCode
	}
	return 0
}

// errorBody accepts both error styles of the interface: code/description (what the
// endpoint definitions show) and error_code/error_message (what its constraints summary
// shows).
type errorBody struct {
	Code         string `json:"code"`
	Description  string `json:"description"`
	ErrorCode    string `json:"error_code"`
	ErrorMessage string `json:"error_message"`
}

const maxErrorSnippet = 200

// decodeError builds the *Error of a non-2xx answer.
func decodeError(resp *http.Response, body []byte, method, path string) *Error {
	e := &Error{StatusCode: resp.StatusCode, Method: method, Path: path, RequestID: resp.Header.Get("X-Request-Id")}
	var b errorBody
	if json.Unmarshal(body, &b) == nil {
		e.Code = api.ErrorCode(firstNonEmpty(b.Code, b.ErrorCode))
		e.Description = firstNonEmpty(b.Description, b.ErrorMessage)
	}
	if e.Code == "" && e.Description == "" {
		snippet := strings.TrimSpace(string(body))
		if len(snippet) > maxErrorSnippet {
			snippet = snippet[:maxErrorSnippet] + "..."
		}
		e.Description = firstNonEmpty(snippet, http.StatusText(resp.StatusCode))
	}
	return e
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
