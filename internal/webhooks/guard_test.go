package webhooks_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

func TestForbidden(t *testing.T) {
	for _, tc := range []struct {
		addr string
		want string // a word of the reason, "" for allowed
	}{
		{"93.184.216.34", ""},
		{"2606:2800:220:1:248:1893:25c8:1946", ""},
		{"8.8.8.8", ""},
		{"127.0.0.1", "loopback"},
		{"127.255.0.9", "loopback"},
		{"::1", "loopback"},
		{"::ffff:127.0.0.1", "loopback"},
		{"10.1.2.3", "private"},
		{"172.16.0.1", "private"},
		{"172.31.255.255", "private"},
		{"192.168.1.1", "private"},
		{"fd12:3456::1", "private"},
		{"169.254.169.254", "metadata"},
		{"fd00:ec2::254", "metadata"},
		{"169.254.1.1", "link-local"},
		{"fe80::1", "link-local"},
		{"0.0.0.0", "unspecified"},
		{"::", "unspecified"},
		{"224.0.0.1", "multicast"},
		{"ff02::1", "multicast"},
		{"255.255.255.255", "broadcast"},
		{"100.64.0.1", "carrier-grade"},
		{"64:ff9b::7f00:1", "loopback"}, // NAT64 of 127.0.0.1
		{"2002:a00:1::1", "private"},    // 6to4 of 10.0.0.1
		{"64:ff9b::5db8:d822", ""},      // NAT64 of 93.184.216.34
		{"::ffff:169.254.169.254", "metadata"},
		{"::1%lo", "zone"},
		{"fe80::1%eth0", "zone"},
		{"fd00:ec2::254%eth0", "zone"},
		{"2606:2800:220:1:248:1893:25c8:1946%eth0", "zone"}, // a zone has no meaning beyond the link
		{"::ffff:127.0.0.1%lo", "loopback"},
		{"::7f00:1", "IPv4-compatible"},
		{"::ffff:0:7f00:1", "IPv4-translated"},
		{"64:ff9b:1::7f00:1", "local-use NAT64"},
		{"64:ff9b::a9fe:a9fe", "metadata"}, // NAT64 of 169.254.169.254
		{"2002:7f00:1::", "loopback"},      // 6to4 of 127.0.0.1
		{"2002:5db8:d822::1", ""},          // 6to4 of 93.184.216.34
		{"2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo"},
		{"100::1", "discard"},
		{"2001:db8::1", "documentation"},
		{"192.0.2.1", "documentation"},
		{"198.51.100.7", "documentation"},
		{"203.0.113.9", "documentation"},
		{"0.1.2.3", "unspecified"},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			got := webhooks.Forbidden(netip.MustParseAddr(tc.addr))
			if tc.want == "" {
				require.Empty(t, got)
			} else {
				require.Contains(t, got, tc.want)
			}
		})
	}
}

func TestCheckURL(t *testing.T) {
	strict := &webhooks.Guard{}
	lax := &webhooks.Guard{AllowHTTP: true}
	for _, tc := range []struct {
		name, url string
		guard     *webhooks.Guard
		want      string // part of the error, "" for accepted
	}{
		{"https", "https://hooks.example.com/dtw?x=1", strict, ""},
		{"https with port", "https://hooks.example.com:8443/dtw", strict, ""},
		{"http refused", "http://hooks.example.com/dtw", strict, "must be https"},
		{"http allowed", "http://hooks.example.com/dtw", lax, ""},
		{"ftp", "ftp://hooks.example.com/x", lax, "use https"},
		{"relative", "/dtw", strict, "absolute URL"},
		{"no host", "https:///dtw", strict, "absolute URL"},
		{"opaque", "https:hooks.example.com", strict, "absolute URL"},
		{"credentials", "https://user:pw@hooks.example.com/", strict, "credentials"},
		{"fragment", "https://hooks.example.com/#x", strict, "fragment"},
		{"too long", "https://hooks.example.com/" + strings.Repeat("a", 2048), strict, "at most 2048"},
		{"empty", "", strict, "absolute URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.guard.CheckURL(tc.url)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, webhooks.ErrForbiddenTarget)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestCheckTarget: at creation, a host must resolve, and only to public addresses.
func TestCheckTarget(t *testing.T) {
	answers := map[string][]netip.Addr{
		"public.example":   {netip.MustParseAddr("93.184.216.34")},
		"mixed.example":    {netip.MustParseAddr("93.184.216.34"), netip.MustParseAddr("10.0.0.7")},
		"rebind.example":   {netip.MustParseAddr("127.0.0.1")},
		"metadata.example": {netip.MustParseAddr("169.254.169.254")},
	}
	g := &webhooks.Guard{Lookup: func(_ context.Context, host string) ([]netip.Addr, error) {
		if a, ok := answers[host]; ok {
			return a, nil
		}
		return nil, errors.New("no such host")
	}}
	check := func(raw string) error {
		u, err := url.Parse(raw)
		require.NoError(t, err)
		return g.CheckTarget(context.Background(), u)
	}
	require.NoError(t, check("https://public.example/x"))
	require.NoError(t, check("https://93.184.216.34/x"))
	for raw, want := range map[string]string{
		"https://mixed.example/x":    "10.0.0.7, a private address",
		"https://rebind.example/x":   "loopback",
		"https://metadata.example/x": "metadata",
		"https://127.0.0.1:8443/x":   "loopback",
		"https://[::1]/x":            "loopback",
		"https://[fd00:ec2::254]/x":  "metadata",
		"https://nowhere.example/x":  "does not resolve",
	} {
		err := check(raw)
		require.ErrorIs(t, err, webhooks.ErrForbiddenTarget, raw)
		require.Contains(t, err.Error(), want, raw)
	}
	g.AllowPrivate = true
	require.NoError(t, check("https://rebind.example/x"))
}

// TestClientChecksEveryDial: the delivery client refuses to connect to a loopback
// address whatever name led to it, and follows no redirect.
func TestClientChecksEveryDial(t *testing.T) {
	rc := newReceiver(t, nil)
	c := (&webhooks.Guard{AllowHTTP: true}).Client(time.Second)
	for _, u := range []string{rc.URL, strings.Replace(rc.URL, "127.0.0.1", "localhost", 1)} {
		resp, err := c.Post(u, "application/json", strings.NewReader("{}"))
		if err == nil {
			resp.Body.Close()
		}
		require.ErrorIs(t, err, webhooks.ErrForbiddenTarget, u)
	}
	require.Empty(t, rc.requests())

	open := (&webhooks.Guard{AllowHTTP: true, AllowPrivate: true}).Client(time.Second)
	resp, err := open.Post(rc.URL, "application/json", strings.NewReader("{}"))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNoContent, resp.StatusCode)
}

// bypasses are target hosts (URL form) that reach this machine, its link or the cloud
// metadata service through a spelling the plain ranges miss: IPv6 zones (a zoned
// address never matches a prefix, and the kernel ignores the zone of a non-link-local
// address), IPv4-mapped, -compatible and -translated forms, NAT64 and 6to4 embeddings.
var bypasses = []string{
	"[::1%25lo]",
	"[::1%25eth0]",
	"[fe80::1%25eth0]",
	"[fd00:ec2::254%25eth0]",
	"[::ffff:127.0.0.1]",
	"[::ffff:127.0.0.1%25lo]",
	"[::ffff:169.254.169.254]",
	"[::127.0.0.1]",
	"[::ffff:0:127.0.0.1]",
	"0.0.0.0",
	"[::]",
	"[::%25lo]",
	"[64:ff9b::127.0.0.1]",
	"[64:ff9b::10.0.0.1]",
	"[64:ff9b::169.254.169.254]",
	"[64:ff9b:1::7f00:1]",
	"[2002:7f00:1::]",
	"[2002:a9fe:a9fe::1]",
	"[2001:0:4136:e378:8000:63bf:80ff:fffe]",
	"[100::1]",
	"[2001:db8::1]",
}

// TestBypassesRefusedAtCreation: every bypass spelling is refused when a subscription is
// created with the gateway's defaults (public targets only).
func TestBypassesRefusedAtCreation(t *testing.T) {
	cfg := testConfig()
	cfg.AllowPrivateTargets = false
	e := newEnv(t, cfg)
	acct := e.account()
	for _, host := range bypasses {
		for _, raw := range []string{"http://" + host + ":9/hook", "https://" + host + "/hook"} {
			_, err := e.svc.Create(context.Background(), acct, api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity},
				Target: api.WebhookTarget{URL: raw}})
			require.ErrorIs(t, err, webhooks.ErrForbiddenTarget, raw)
		}
	}
	ws, err := e.svc.List(context.Background(), acct)
	require.NoError(t, err)
	require.Empty(t, ws.Webhooks)
}

// TestBypassesRefusedAtDial: the delivery client (the dispatcher's dialer) never
// connects through a bypass spelling to a receiver listening on every local address,
// v4 and v6 (zoned link-local addresses of this machine's interfaces included).
func TestBypassesRefusedAtDial(t *testing.T) {
	ln, err := net.Listen("tcp", ":0")
	require.NoError(t, err)
	var hits atomic.Int32
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}), ReadHeaderTimeout: time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)

	hosts := append([]string{"127.0.0.1", "[::1]", "localhost"}, bypasses...)
	ifaces, err := net.Interfaces()
	require.NoError(t, err)
	for _, ifc := range ifaces { // this machine's own link-local addresses, with their zone
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() == nil && n.IP.IsLinkLocalUnicast() {
				hosts = append(hosts, "["+n.IP.String()+"%25"+ifc.Name+"]")
			}
		}
	}
	c := (&webhooks.Guard{AllowHTTP: true}).Client(time.Second)
	for _, host := range hosts {
		t.Run(host, func(t *testing.T) {
			resp, err := c.Post("http://"+host+":"+port+"/hook", "application/json", strings.NewReader("{}"))
			if err == nil {
				resp.Body.Close()
			}
			require.ErrorIs(t, err, webhooks.ErrForbiddenTarget)
		})
	}
	require.Zero(t, hits.Load(), "the receiver was reached")

	// The receiver is reachable at all: the refusals above are the guard's.
	open := (&webhooks.Guard{AllowHTTP: true, AllowPrivate: true}).Client(time.Second)
	for _, host := range []string{"127.0.0.1", "[::1%25lo]", "[::ffff:127.0.0.1]"} {
		resp, err := open.Post("http://"+host+":"+port+"/hook", "application/json", strings.NewReader("{}"))
		require.NoError(t, err, host)
		resp.Body.Close()
	}
	require.EqualValues(t, 3, hits.Load())
}
