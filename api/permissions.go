package api

import (
	"fmt"
	"slices"
	"strings"
)

// Permission is a capability an API key (or a SIWE session) holds. Every authenticated
// route requires at most one permission.
type Permission string

// The permission set. It is deliberately small.
const (
	// PermRead allows reading account data: balances, orders, keys, token information.
	PermRead Permission = "READ"
	// PermTrade allows placing, quoting and cancelling orders.
	PermTrade Permission = "TRADE"
	// PermWithdraw allows requesting withdrawals.
	PermWithdraw Permission = "WITHDRAW"
	// PermManageKeys allows creating and rotating API keys, and creating and deleting
	// webhook subscriptions, of the caller's account: both hand account data to a third
	// party (a key holder, a webhook receiver).
	PermManageKeys Permission = "MANAGE_KEYS"
)

// AllPermissions lists every permission in a stable order.
var AllPermissions = []Permission{PermRead, PermTrade, PermWithdraw, PermManageKeys}

// PermissionDocs describes each permission for the README, the OpenAPI document and the
// admin command's help.
var PermissionDocs = map[Permission]string{
	PermRead:       "read account data: balances, orders, API keys, webhook subscriptions, token information",
	PermTrade:      "place, quote and cancel orders",
	PermWithdraw:   "request withdrawals",
	PermManageKeys: "create and rotate API keys, and create and delete webhook subscriptions, of the caller's account",
}

// Valid reports whether p is one of AllPermissions.
func (p Permission) Valid() bool { return slices.Contains(AllPermissions, p) }

// ParsePermissions parses a comma-separated list such as "READ,TRADE". It rejects unknown
// names and empty lists, and removes duplicates.
func ParsePermissions(s string) ([]Permission, error) {
	var names []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return NormalizePermissions(names)
}

// NormalizePermissions checks names against AllPermissions and returns them deduplicated
// in the order of AllPermissions. An empty list is an error.
func NormalizePermissions(names []string) ([]Permission, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("no permissions given; choose from %s", permissionList())
	}
	set := make(map[Permission]bool, len(names))
	for _, n := range names {
		p := Permission(n)
		if !p.Valid() {
			return nil, fmt.Errorf("unknown permission %q; choose from %s", n, permissionList())
		}
		set[p] = true
	}
	out := make([]Permission, 0, len(set))
	for _, p := range AllPermissions {
		if set[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

// HasAll reports whether held contains every permission of want.
func HasAll(held, want []Permission) bool {
	for _, p := range want {
		if !slices.Contains(held, p) {
			return false
		}
	}
	return true
}

func permissionList() string {
	s := make([]string, len(AllPermissions))
	for i, p := range AllPermissions {
		s[i] = string(p)
	}
	return strings.Join(s, ", ")
}
