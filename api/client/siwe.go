package client

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/signer"
)

// DefaultSIWEStatement is the statement of the SIWE messages SIWEAuth signs.
const DefaultSIWEStatement = "Sign in to dtwgate"

// SIWEAuth logs in with Sign-In with Ethereum (EIP-4361): it fetches a nonce, builds the
// message for the gateway's domain, URI and chain id, signs it with Signer (EIP-191) and
// exchanges it for a JWT. The address must be on the gateway's whitelist. Its fields
// must not change while a client uses it.
type SIWEAuth struct {
	// Signer signs the message; its address signs in.
	Signer signer.Signer
	// Domain is the message's domain, exactly as the gateway is configured
	// (host[:port]). Default: the host of the client's base URL.
	Domain string
	// URI is the message's URI, exactly as the gateway is configured. Default: the
	// client's base URL.
	URI string
	// ChainID is the message's chain id; it must be one the gateway accepts. Default 1.
	ChainID uint64
	// Statement is the human-readable line of the message. Default DefaultSIWEStatement.
	Statement string
	// Validity, when positive, sets the message's Expiration Time that long after
	// Issued At.
	Validity time.Duration
}

var _ Authenticator = (*SIWEAuth)(nil)

// Login signs in.
func (a *SIWEAuth) Login(ctx context.Context, c *Client) (string, error) {
	if a.Signer == nil {
		return "", errors.New("siwe: no signer")
	}
	nonce, err := c.SIWENonce(ctx)
	if err != nil {
		return "", err
	}
	req, err := a.Request(c.BaseURL(), nonce.Nonce, time.Now())
	if err != nil {
		return "", err
	}
	msg, sig, err := signer.SignSIWE(ctx, a.Signer, req)
	if err != nil {
		return "", err
	}
	resp, err := c.SIWEVerify(ctx, api.SIWEVerifyRequest{Message: msg, Signature: sig})
	if err != nil {
		return "", err
	}
	return resp.JWTToken, nil
}

// Request returns the EIP-4361 fields SIWEAuth signs for a gateway at baseURL.
func (a *SIWEAuth) Request(baseURL, nonce string, issuedAt time.Time) (signer.SIWERequest, error) {
	req := signer.SIWERequest{
		Domain: a.Domain, URI: a.URI, ChainID: a.ChainID, Nonce: nonce,
		IssuedAt: issuedAt, Statement: a.Statement,
	}
	if req.Domain == "" || req.URI == "" {
		u, err := url.Parse(baseURL)
		if err != nil {
			return req, fmt.Errorf("siwe: base URL: %w", err)
		}
		if req.Domain == "" {
			req.Domain = u.Host
		}
		if req.URI == "" {
			req.URI = baseURL
		}
	}
	if req.ChainID == 0 {
		req.ChainID = 1
	}
	if req.Statement == "" {
		req.Statement = DefaultSIWEStatement
	}
	if a.Validity > 0 {
		req.ExpirationTime = issuedAt.Add(a.Validity)
	}
	return req, nil
}
