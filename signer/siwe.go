package signer

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/spruceid/siwe-go"
)

// ErrInvalidSIWE means a Sign-In with Ethereum request cannot make a valid EIP-4361
// message.
var ErrInvalidSIWE = errors.New("invalid sign-in with ethereum request")

// SIWERequest holds the fields of an EIP-4361 message other than the address, which
// comes from the signer.
type SIWERequest struct {
	// Domain is the RFC 3986 authority asking for the sign-in, e.g. "gw.example.com".
	Domain string
	// URI is the resource the sign-in is for, e.g. "https://gw.example.com/api".
	URI string
	// ChainID is the EIP-155 chain id the session binds to. Required.
	ChainID uint64
	// Nonce is the server's single-use nonce (at least 8 alphanumeric characters).
	Nonce string
	// IssuedAt is when the message was made. Zero means now.
	IssuedAt time.Time
	// ExpirationTime, if not zero, is when the signed message stops being valid.
	ExpirationTime time.Time
	// NotBefore, if not zero, is when the signed message starts being valid.
	NotBefore time.Time
	// Statement is an optional human-readable line shown to the user; no newlines.
	Statement string
	// RequestID is an optional system-specific identifier.
	RequestID string
	// Resources are optional URIs the user is asked to grant.
	Resources []string
}

// BuildSIWE returns the EIP-4361 message for addr and req.
func BuildSIWE(addr common.Address, req SIWERequest) (*siwe.Message, error) {
	if req.ChainID == 0 {
		return nil, fmt.Errorf("%w: chain id is required", ErrInvalidSIWE)
	}
	if _, err := absoluteURI(req.URI); err != nil {
		return nil, fmt.Errorf("%w: uri: %v", ErrInvalidSIWE, err)
	}
	if strings.Contains(req.Statement, "\n") {
		return nil, fmt.Errorf("%w: statement must be one line", ErrInvalidSIWE)
	}
	issuedAt := req.IssuedAt
	if issuedAt.IsZero() {
		issuedAt = time.Now()
	}
	opts := map[string]interface{}{
		"chainId":  int(req.ChainID),
		"issuedAt": issuedAt.UTC(),
	}
	if req.Statement != "" {
		opts["statement"] = req.Statement
	}
	if !req.ExpirationTime.IsZero() {
		if !req.ExpirationTime.After(issuedAt) {
			return nil, fmt.Errorf("%w: expiration time %s is not after issued-at %s", ErrInvalidSIWE, req.ExpirationTime.UTC().Format(time.RFC3339), issuedAt.UTC().Format(time.RFC3339))
		}
		opts["expirationTime"] = req.ExpirationTime.UTC()
	}
	if !req.NotBefore.IsZero() {
		opts["notBefore"] = req.NotBefore.UTC()
	}
	if req.RequestID != "" {
		opts["requestId"] = req.RequestID
	}
	if len(req.Resources) > 0 {
		resources := make([]url.URL, 0, len(req.Resources))
		for _, r := range req.Resources {
			u, err := absoluteURI(r)
			if err != nil {
				return nil, fmt.Errorf("%w: resource: %v", ErrInvalidSIWE, err)
			}
			resources = append(resources, *u)
		}
		opts["resources"] = resources
	}
	msg, err := siwe.InitMessage(req.Domain, addr.Hex(), req.URI, req.Nonce, opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidSIWE, err)
	}
	return msg, nil
}

func absoluteURI(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" {
		return nil, fmt.Errorf("%q is not an absolute URI (want e.g. https://host/path)", s)
	}
	return u, nil
}

// SignSIWE builds the EIP-4361 message for s's address and req, signs it as an
// EIP-191 personal message, and returns the message text and the 0x-hex 65-byte
// signature (v = 27 or 28), as a wallet would send them to the server.
func SignSIWE(ctx context.Context, s Signer, req SIWERequest) (message, signature string, err error) {
	msg, err := BuildSIWE(s.Address(), req)
	if err != nil {
		return "", "", err
	}
	message = msg.String()
	sig, err := s.SignMessage(ctx, []byte(message))
	if err != nil {
		return "", "", fmt.Errorf("sign in with ethereum: %w", err)
	}
	return message, hexutil.Encode(sig), nil
}
