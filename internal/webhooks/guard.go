package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
)

// ErrForbiddenTarget is wrapped by every refusal of the SSRF guard.
var ErrForbiddenTarget = errors.New("webhook target not allowed")

// Guard keeps webhook deliveries away from the operator's own network (server-side
// request forgery): targets must be https (or http when AllowHTTP), and every address
// they resolve to, checked again when each connection is dialled, so a DNS answer that
// changes after the subscription was created (DNS rebinding) is caught too, must be a
// public unicast address unless AllowPrivate. Proxies from the environment are not used
// (they would dial for us), and redirects are not followed.
type Guard struct {
	// AllowHTTP accepts http URLs.
	AllowHTTP bool
	// AllowPrivate accepts every address (local receivers of the devnet and tests).
	AllowPrivate bool
	// Lookup resolves a host name at creation; default net.DefaultResolver.
	Lookup func(ctx context.Context, host string) ([]netip.Addr, error)
}

// blocked are the ranges a target may not resolve to, with why, most specific first.
var blocked = []struct {
	prefix netip.Prefix
	why    string
}{
	{netip.MustParsePrefix("169.254.169.254/32"), "the cloud metadata service"},
	{netip.MustParsePrefix("fd00:ec2::254/128"), "the cloud metadata service"},
	{netip.MustParsePrefix("0.0.0.0/8"), "an unspecified (this-network) address"},
	{netip.MustParsePrefix("10.0.0.0/8"), "a private address"},
	{netip.MustParsePrefix("100.64.0.0/10"), "a shared (carrier-grade NAT) address"},
	{netip.MustParsePrefix("127.0.0.0/8"), "a loopback address"},
	{netip.MustParsePrefix("169.254.0.0/16"), "a link-local address"},
	{netip.MustParsePrefix("172.16.0.0/12"), "a private address"},
	{netip.MustParsePrefix("192.0.0.0/24"), "a reserved (IETF protocol) address"},
	{netip.MustParsePrefix("192.0.2.0/24"), "a documentation address"},
	{netip.MustParsePrefix("192.88.99.0/24"), "a 6to4 relay anycast address"},
	{netip.MustParsePrefix("192.168.0.0/16"), "a private address"},
	{netip.MustParsePrefix("198.18.0.0/15"), "a reserved (benchmarking) address"},
	{netip.MustParsePrefix("198.51.100.0/24"), "a documentation address"},
	{netip.MustParsePrefix("203.0.113.0/24"), "a documentation address"},
	{netip.MustParsePrefix("224.0.0.0/4"), "a multicast address"},
	{netip.MustParsePrefix("240.0.0.0/4"), "a reserved or broadcast address"},
	{netip.MustParsePrefix("::/128"), "an unspecified address"},
	{netip.MustParsePrefix("::1/128"), "a loopback address"},
	{netip.MustParsePrefix("::/96"), "an IPv4-compatible address (deprecated; may be tunnelled to the IPv4 address)"},
	{netip.MustParsePrefix("::ffff:0:0:0/96"), "an IPv4-translated address"},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "a local-use NAT64 address"},
	{netip.MustParsePrefix("100::/64"), "a discard-only address"},
	{netip.MustParsePrefix("2001::/32"), "a Teredo address (it embeds an IPv4 address)"},
	{netip.MustParsePrefix("2001:db8::/32"), "a documentation address"},
	{netip.MustParsePrefix("fc00::/7"), "a private (unique local) address"},
	{netip.MustParsePrefix("fe80::/10"), "a link-local address"},
	{netip.MustParsePrefix("fec0::/10"), "a site-local address"},
	{netip.MustParsePrefix("ff00::/8"), "a multicast address"},
}

// Embedded IPv4 addresses of IPv6 transition ranges, checked as the IPv4 address.
var (
	nat64   = netip.MustParsePrefix("64:ff9b::/96")
	sixToIP = netip.MustParsePrefix("2002::/16")
)

// Forbidden says why a is not a public unicast address, "" when it is. An address with
// a zone (fe80::1%eth0, ::1%lo) is refused whatever it is: a zoned address matches no
// prefix, and the kernel ignores the zone of an address that is not link-local, so
// [::1%lo] would reach loopback. IPv4 addresses embedded in IPv6 (mapped, NAT64, 6to4)
// are checked as the IPv4 address.
func Forbidden(a netip.Addr) string {
	if !a.IsValid() {
		return "not an IP address"
	}
	if a.Zone() != "" {
		if why := Forbidden(a.WithZone("")); why != "" {
			return why + " (with a zone)"
		}
		return "an address with a zone (%" + a.Zone() + "); a zone only names a local link"
	}
	a = a.Unmap()
	switch b := a.As16(); {
	case a.Is6() && nat64.Contains(a):
		a = netip.AddrFrom4([4]byte(b[12:16]))
	case a.Is6() && sixToIP.Contains(a):
		a = netip.AddrFrom4([4]byte(b[2:6]))
	}
	for _, r := range blocked {
		if r.prefix.Contains(a) {
			return r.why
		}
	}
	return ""
}

// CheckURL checks a target URL's form: absolute, https (or http when allowed), a host,
// no credentials, no fragment, at most api.MaxWebhookURL bytes.
func (g *Guard) CheckURL(raw string) (*url.URL, error) {
	if len(raw) > api.MaxWebhookURL {
		return nil, fmt.Errorf("%w: target.url is %d bytes; at most %d", ErrForbiddenTarget, len(raw), api.MaxWebhookURL)
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Opaque != "" {
		return nil, fmt.Errorf("%w: target.url %q is not an absolute URL such as https://hooks.example.com/dtw", ErrForbiddenTarget, echo.Value(raw))
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && g.AllowHTTP:
	case u.Scheme == "http":
		return nil, fmt.Errorf("%w: target.url must be https (this gateway does not deliver over plain http)", ErrForbiddenTarget)
	default:
		return nil, fmt.Errorf("%w: target.url scheme %q: use https", ErrForbiddenTarget, echo.Value(u.Scheme))
	}
	if u.User != nil {
		return nil, fmt.Errorf("%w: target.url may not carry credentials; send them in target.headers", ErrForbiddenTarget)
	}
	if u.Fragment != "" || strings.Contains(raw, "#") {
		return nil, fmt.Errorf("%w: target.url may not have a fragment", ErrForbiddenTarget)
	}
	if u.Port() != "" {
		if p := u.Port(); strings.TrimLeft(p, "0123456789") != "" || len(p) > 5 {
			return nil, fmt.Errorf("%w: target.url port %q is not a number", ErrForbiddenTarget, echo.Value(p))
		}
	}
	return u, nil
}

// lookupTimeout bounds the resolution of a target at creation.
const lookupTimeout = 3 * time.Second

// CheckTarget checks, at creation, that the URL's host resolves and only to allowed
// addresses. Deliveries check every dialled address again (Client).
func (g *Guard) CheckTarget(ctx context.Context, u *url.URL) error {
	if g.AllowPrivate {
		return nil
	}
	host := u.Hostname()
	addrs, err := g.resolve(ctx, host)
	if err != nil {
		return fmt.Errorf("%w: target.url host %q does not resolve", ErrForbiddenTarget, echo.Value(host))
	}
	for _, a := range addrs {
		if why := Forbidden(a); why != "" {
			return fmt.Errorf("%w: target.url host %q resolves to %s, %s; webhook targets must be public addresses", ErrForbiddenTarget, echo.Value(host), a, why)
		}
	}
	return nil
}

func (g *Guard) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{a}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, lookupTimeout)
	defer cancel()
	lookup := g.Lookup
	if lookup == nil {
		lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		}
	}
	addrs, err := lookup(ctx, host)
	if err == nil && len(addrs) == 0 {
		err = errors.New("no addresses")
	}
	return addrs, err
}

// control refuses, at dial time, a connection to an address that is not allowed: the
// address is the one actually dialled, after resolution.
func (g *Guard) control(_, address string, _ syscall.RawConn) error {
	if g.AllowPrivate {
		return nil
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: dial %q: not an IP address", ErrForbiddenTarget, address)
	}
	if why := Forbidden(ap.Addr()); why != "" {
		return fmt.Errorf("%w: %s is %s", ErrForbiddenTarget, ap.Addr(), why)
	}
	return nil
}

// maxAnswerHeaderBytes bounds a receiver's answer headers.
const maxAnswerHeaderBytes = 16 << 10

// Client returns the HTTP client deliveries use: every dial checked by the guard, no
// proxy, no redirects, timeout bounding each attempt as a whole.
func (g *Guard) Client(timeout time.Duration) *http.Client {
	dialer := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second, Control: g.control}
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			Proxy:                  nil,
			DialContext:            dialer.DialContext,
			TLSHandshakeTimeout:    timeout,
			ResponseHeaderTimeout:  timeout,
			MaxResponseHeaderBytes: maxAnswerHeaderBytes,
			MaxIdleConns:           64,
			MaxIdleConnsPerHost:    2,
			IdleConnTimeout:        60 * time.Second,
			ForceAttemptHTTP2:      true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
