package gateway

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode"

	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
)

// maxJSONDepth bounds how deeply a request body may nest objects and arrays.
const maxJSONDepth = 64

// checkJSONKeys refuses a body in which an object, at any depth, has the same key twice:
// {"source":"MARS","source":"ETHEREUM"} would mean one thing to a proxy or log that takes
// the first and another to the decoder, which takes the last. Keys are compared as
// encoding/json matches them to fields, ignoring case. Syntax errors are left to the
// decoder, which names their offset.
func checkJSONKeys(data []byte) error {
	var stack []*jsonFrame
	var lastKey string
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil { // io.EOF at the end; a syntax error is the decoder's to report
			return nil
		}
		var top *jsonFrame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if len(stack) == maxJSONDepth {
					return fail(errs.ErrInvalid, "request body nests deeper than %d levels", maxJSONDepth)
				}
				f := &jsonFrame{object: d == '{', expectKey: d == '{'}
				if f.object {
					f.keys = map[string]struct{}{}
				}
				if top != nil && top.object {
					f.name = lastKey
				} else if top != nil {
					f.name = "[]"
				}
				stack = append(stack, f)
				continue
			default: // '}' or ']': the value of the enclosing key ends
				stack = stack[:len(stack)-1]
			}
		} else if top != nil && top.object && top.expectKey {
			key, _ := tok.(string)
			folded := foldKey(key)
			if _, dup := top.keys[folded]; dup {
				return fail(errs.ErrInvalid, "field %s appears twice in one object", jsonPath(stack, key))
			}
			top.keys[folded] = struct{}{}
			top.expectKey, lastKey = false, key
			continue
		}
		if len(stack) > 0 && stack[len(stack)-1].object { // a value ended: a key comes next
			stack[len(stack)-1].expectKey = true
		}
	}
}

// jsonFrame is an object or array being read by checkJSONKeys.
type jsonFrame struct {
	object    bool
	expectKey bool                // an object's next string token is a key
	name      string              // the key (or "[]") whose value this is, for error paths
	keys      map[string]struct{} // an object's keys so far, folded
}

// jsonPath names key inside the frames of stack, e.g. "target.headers.x", each part cut
// short.
func jsonPath(stack []*jsonFrame, key string) string {
	var parts []string
	for _, f := range stack {
		if f.name != "" {
			parts = append(parts, echo.Value(f.name))
		}
	}
	parts = append(parts, echo.Value(key))
	return strings.ReplaceAll(strings.Join(parts, "."), ".[]", "[]")
}

// foldKey maps key to one representative of its case-folding class (the smallest rune of
// each orbit), so that two keys fold equal exactly when strings.EqualFold holds, which is
// how encoding/json matches keys to fields.
func foldKey(key string) string {
	var b strings.Builder
	b.Grow(len(key))
	for _, r := range key {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}
