package gateway

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// outputSchema is a tool's output schema, inferred from Out as the MCP SDK does, with two
// corrections the inference does not know, without which the SDK would refuse the tool's
// own output: a field tagged `json:",string"` (a uint64 served as a decimal string, as
// receipts' and reserves' counters are), and a field whose type marshals as text (a hash,
// hex bytes: the inference sees their byte arrays), are strings in JSON.
func outputSchema[Out any]() (*jsonschema.Schema, error) {
	s, err := jsonschema.For[Out](nil)
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	stringTagged(reflect.TypeFor[Out](), s, map[reflect.Type]bool{})
	return s, nil
}

// marshalsAsText reports whether encoding/json writes a value of t as a JSON string
// through its encoding.TextMarshaler (and no json.Marshaler of its own).
func marshalsAsText(t reflect.Type) bool {
	for _, t := range []reflect.Type{t, reflect.PointerTo(t)} {
		if t.Implements(reflect.TypeFor[json.Marshaler]()) {
			return false
		}
		if t.Implements(reflect.TypeFor[encoding.TextMarshaler]()) {
			return true
		}
	}
	return false
}

// stringTagged sets the type of every `,string` field of t (a struct, through pointers,
// slices and embedded structs) to string in its schema s.
func stringTagged(t reflect.Type, s *jsonschema.Schema, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s == nil {
		return
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		stringTagged(t.Elem(), s.Items, seen)
		return
	case reflect.Struct:
	default:
		return
	}
	if seen[t] {
		return
	}
	seen[t] = true
	defer delete(seen, t)
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" { // an embedded struct's fields are the parent's
			stringTagged(f.Type, s, seen)
			continue
		}
		if name == "" {
			name = f.Name
		}
		p := s.Properties[name]
		if p == nil {
			continue
		}
		if strings.Contains(","+opts+",", ",string,") || marshalsAsText(f.Type) {
			p.Type, p.Types, p.Items = "string", nil, nil
			continue
		}
		stringTagged(f.Type, p, seen)
	}
}
