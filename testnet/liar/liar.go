// Package liar is a JSON-RPC endpoint that lies, in front of an honest one: a real fake for
// tests of how the gateway and dtw decide on the word of several RPC endpoints. It is a
// package of its own so that the binaries, which link testnet, never link net/http/httptest.
package liar

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Lies are what a LyingRPC rewrites in the answers of the honest endpoint behind it.
type Lies struct {
	// ReceiptStatus flips every receipt's status (success to reverted and back).
	ReceiptStatus bool
	// BlockHash replaces the block hash of every receipt, log and block with a made-up one.
	BlockHash bool
	// FreezeHead answers eth_blockNumber with the head seen when it was set, for good.
	FreezeHead bool
	// ExtraLogs, when set, returns logs (JSON objects as eth_getLogs answers them) to add
	// to the answer of an eth_getLogs call with the filter given (the call's first
	// parameter): a deposit that never happened.
	ExtraLogs func(filter map[string]any) []map[string]any
	// MaxLogs, when positive, refuses an eth_getLogs call whose answer has more logs, with
	// the JSON-RPC error hosted providers answer (Infura's "query returned more than 10000
	// results"): not a lie, the limit those providers put on an honest answer.
	MaxLogs int
}

// LyingRPC is a JSON-RPC endpoint in front of an honest one (an anvil chain) that tells
// the lies it is set to: a real fake, for tests of how the gateway and dtw decide on the
// word of several endpoints. Safe for concurrent use.
type LyingRPC struct {
	// URL is the endpoint's address.
	URL      string
	upstream string
	mu       sync.Mutex
	lies     Lies
	frozen   string
}

// NewLyingRPC starts a lying endpoint in front of upstream, closed when the test ends.
func NewLyingRPC(t testing.TB, upstream string, lies Lies) *LyingRPC {
	t.Helper()
	l := &LyingRPC{upstream: upstream}
	srv := httptest.NewServer(http.HandlerFunc(l.serve))
	t.Cleanup(srv.Close)
	l.URL = srv.URL
	l.Set(lies)
	return l
}

// Set changes the lies told from now on.
func (l *LyingRPC) Set(lies Lies) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if lies.FreezeHead && !l.lies.FreezeHead {
		l.frozen = ""
	}
	l.lies = lies
}

// upstreamTimeout bounds one call to the honest endpoint behind the liar.
const upstreamTimeout = 30 * time.Second

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

func (l *LyingRPC) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	// The request's context: a caller that gives up ends the call upstream too, so that a
	// hung upstream (a black-holed proxy) never keeps this handler, and Close, waiting.
	ctx, cancel := context.WithTimeout(r.Context(), upstreamTimeout)
	defer cancel()
	up, err := http.NewRequestWithContext(ctx, http.MethodPost, l.upstream, bytes.NewReader(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	up.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(up)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	batch := bytes.HasPrefix(bytes.TrimSpace(body), []byte("["))
	var reqs, outs []rpcMessage
	if batch {
		err = json.Unmarshal(body, &reqs)
		if err == nil {
			err = json.Unmarshal(answer, &outs)
		}
	} else {
		reqs, outs = make([]rpcMessage, 1), make([]rpcMessage, 1)
		err = json.Unmarshal(body, &reqs[0])
		if err == nil {
			err = json.Unmarshal(answer, &outs[0])
		}
	}
	if err == nil {
		byID := map[string]rpcMessage{}
		for _, q := range reqs {
			byID[string(q.ID)] = q
		}
		for i := range outs {
			outs[i].Result = l.lie(byID[string(outs[i].ID)], outs[i].Result)
			if l.tooManyLogs(byID[string(outs[i].ID)], outs[i].Result) {
				outs[i].Result, outs[i].Error = nil, tooManyLogsError
			}
		}
		if batch {
			answer, err = json.Marshal(outs)
		} else {
			answer, err = json.Marshal(outs[0])
		}
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(answer)
}

// tooManyLogsError is the error of an eth_getLogs answer over Lies.MaxLogs.
var tooManyLogsError = json.RawMessage(`{"code":-32005,"message":"query returned more than the limit of results"}`)

// tooManyLogs reports whether result answers an eth_getLogs call with more logs than
// Lies.MaxLogs.
func (l *LyingRPC) tooManyLogs(req rpcMessage, result json.RawMessage) bool {
	l.mu.Lock()
	limit := l.lies.MaxLogs
	l.mu.Unlock()
	if limit <= 0 || req.Method != "eth_getLogs" {
		return false
	}
	var logs []json.RawMessage
	return json.Unmarshal(result, &logs) == nil && len(logs) > limit
}

// fakeHash is the block hash the liar claims.
var fakeHash = "0xbad0" + strings.Repeat("0", 60)

// lie rewrites the answer of one request.
func (l *LyingRPC) lie(req rpcMessage, result json.RawMessage) json.RawMessage {
	method := req.Method
	l.mu.Lock()
	lies, frozen := l.lies, l.frozen
	if lies.FreezeHead && method == "eth_blockNumber" && frozen == "" {
		l.frozen, frozen = string(result), string(result)
	}
	l.mu.Unlock()
	if len(result) == 0 || string(result) == "null" {
		return result
	}
	switch method {
	case "eth_blockNumber":
		if lies.FreezeHead {
			return json.RawMessage(frozen)
		}
	case "eth_getTransactionReceipt":
		var rc map[string]any
		if json.Unmarshal(result, &rc) != nil {
			return result
		}
		if lies.ReceiptStatus {
			if rc["status"] == "0x1" {
				rc["status"] = "0x0"
			} else {
				rc["status"] = "0x1"
			}
		}
		if lies.BlockHash {
			rc["blockHash"] = fakeHash
			if logs, ok := rc["logs"].([]any); ok {
				for _, lg := range logs {
					if m, ok := lg.(map[string]any); ok {
						m["blockHash"] = fakeHash
					}
				}
			}
		}
		return mustJSON(rc, result)
	case "eth_getBlockByNumber", "eth_getBlockByHash":
		if lies.BlockHash {
			var b map[string]any
			if json.Unmarshal(result, &b) != nil {
				return result
			}
			b["hash"] = fakeHash
			return mustJSON(b, result)
		}
	case "eth_getLogs":
		var logs []map[string]any
		if json.Unmarshal(result, &logs) != nil {
			return result
		}
		if lies.BlockHash {
			for _, lg := range logs {
				lg["blockHash"] = fakeHash
			}
		}
		if lies.ExtraLogs != nil {
			var params []map[string]any
			if json.Unmarshal(req.Params, &params) == nil && len(params) == 1 {
				logs = append(logs, lies.ExtraLogs(params[0])...)
			}
		}
		return mustJSON(logs, result)
	}
	return result
}

func mustJSON(v any, fallback json.RawMessage) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return fallback
	}
	return b
}

// HexUint renders n as a JSON-RPC quantity ("0x1f").
func HexUint(n uint64) string { return "0x" + strings.ToLower(strconv.FormatUint(n, 16)) }
