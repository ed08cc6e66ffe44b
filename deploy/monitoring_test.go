// Package deploy_test checks the monitoring files an operator deploys beside the gateway
// (prometheus/alerts.yaml, grafana/dtwgate.json) with the real tools: promtool from
// Debian's prometheus package, and a real Prometheus server scraping a real gateway.
package deploy_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

const (
	alertsFile     = "prometheus/alerts.yaml"
	alertTestsFile = "prometheus/alerts_test.yaml"
	dashboardFile  = "grafana/dtwgate.json"
)

func TestMain(m *testing.M) {
	code := m.Run()
	gatewaytest.Cleanup()
	os.Exit(code)
}

// prometheusTool returns the path of a program of Debian's prometheus package.
func prometheusTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	require.NoError(t, err, "%s is missing: run `make tools` (it installs Debian's prometheus package, pinned)", name)
	return path
}

// TestAlertRules: promtool accepts the rules and their unit tests pass.
func TestAlertRules(t *testing.T) {
	promtool := prometheusTool(t, "promtool")
	out, err := exec.Command(promtool, "check", "rules", alertsFile).CombinedOutput()
	require.NoError(t, err, "promtool check rules:\n%s", out)
	cmd := exec.Command(promtool, "test", "rules", filepath.Base(alertTestsFile))
	cmd.Dir = filepath.Dir(alertTestsFile)
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "promtool test rules:\n%s", out)
}

type ruleFile struct {
	Groups []struct {
		Rules []struct {
			Alert string `yaml:"alert"`
			Expr  string `yaml:"expr"`
		} `yaml:"rules"`
	} `yaml:"groups"`
}

type ruleTests struct {
	Tests []struct {
		AlertRuleTest []struct {
			AlertName string           `yaml:"alertname"`
			ExpAlerts []map[string]any `yaml:"exp_alerts"`
		} `yaml:"alert_rule_test"`
	} `yaml:"tests"`
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, yaml.Unmarshal(b, v), path)
}

// alerts returns the alerting rules' names and expressions.
func alerts(t *testing.T) map[string]string {
	t.Helper()
	var f ruleFile
	readYAML(t, alertsFile, &f)
	out := map[string]string{}
	for _, g := range f.Groups {
		for _, r := range g.Rules {
			require.NotEmpty(t, r.Alert, "every rule is an alert")
			out[r.Alert] = r.Expr
		}
	}
	return out
}

// TestEveryAlertIsTested: each alert has a unit test in which it fires.
func TestEveryAlertIsTested(t *testing.T) {
	var tests ruleTests
	readYAML(t, alertTestsFile, &tests)
	fires := map[string]bool{}
	for _, tc := range tests.Tests {
		for _, a := range tc.AlertRuleTest {
			if len(a.ExpAlerts) > 0 {
				fires[a.AlertName] = true
			}
		}
	}
	for name := range alerts(t) {
		require.True(t, fires[name], "alert %s has no test in %s in which it fires", name, alertTestsFile)
	}
}

type dashboard struct {
	Panels []struct {
		Title   string `json:"title"`
		Targets []struct {
			Expr string `json:"expr"`
		} `json:"targets"`
	} `json:"panels"`
}

// dashboardExprs returns the dashboard's queries.
func dashboardExprs(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(dashboardFile)
	require.NoError(t, err)
	var d dashboard
	require.NoError(t, json.Unmarshal(b, &d), dashboardFile)
	var out []string
	for _, p := range d.Panels {
		require.NotEmpty(t, p.Targets, "panel %q has no query", p.Title)
		for _, tg := range p.Targets {
			out = append(out, tg.Expr)
		}
	}
	return out
}

var metricName = regexp.MustCompile(`\bdtwgate_[a-z0-9_]+`)

// namedMetrics returns the dtwgate metrics the expressions name.
func namedMetrics(exprs []string) []string {
	var out []string
	for _, e := range exprs {
		out = append(out, metricName.FindAllString(e, -1)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// exposed returns the metric names a /metrics page shows (histograms by their series).
func exposed(t *testing.T, base string) map[string]bool {
	t.Helper()
	body := get(t, base+api.PathMetrics)
	out := map[string]bool{}
	for _, line := range strings.Split(body, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, _, _ := strings.Cut(line, " ")
		name, _, _ = strings.Cut(name, "{")
		out[name] = true
	}
	return out
}

func get(t *testing.T, u string) string {
	t.Helper()
	resp, err := http.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s: %s", u, b)
	return string(b)
}

// startDevnet runs `dtwgate devnet` (one chain) in dir until the test ends and returns
// the gateway config it writes.
func startDevnet(t *testing.T, bin, dir string) string {
	t.Helper()
	logs := &gatewaytest.Logs{}
	cmd := exec.Command(bin, "devnet", "--dir", dir, "--sources", "ETHEREUM", "--traders", "1")
	cmd.Env = gatewaytest.Env()
	cmd.Stdout, cmd.Stderr = logs, logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("devnet logs:\n%s", logs)
		}
	})
	cfg := filepath.Join(dir, "gateway.yaml")
	require.Eventually(t, func() bool {
		select {
		case <-exited:
			t.Fatalf("devnet exited:\n%s", logs)
		default:
		}
		return strings.Contains(logs.String(), "press Ctrl-C to stop")
	}, 2*time.Minute, 50*time.Millisecond, "devnet did not start (needs anvil: run `make tools`)")
	return cfg
}

// forRe matches the `for:` durations of the rules, shortened for the live test.
var forRe = regexp.MustCompile(`(?m)^(\s+for:\s+)\S+$`)

// TestMonitoringOfARunningGateway runs an API process and a settler process on a devnet,
// checks that every metric the rules and the dashboard name is exposed by them, then
// starts a real Prometheus server with the rules (their `for:` shortened to 2s) scraping
// both, checks that every dashboard query runs, stops the settler and waits for
// DtwgateSettlerWithoutLeader to fire.
func TestMonitoringOfARunningGateway(t *testing.T) {
	prom := prometheusTool(t, "prometheus")
	bin := gatewaytest.Binary(t)
	cfg := startDevnet(t, bin, t.TempDir())
	data := filepath.Join(t.TempDir(), "data") // made by the gateway, 0700
	apiP := gatewaytest.New(t, cfg, data)
	apiP.Start(t, "DTWGATE_ROLE=api")
	settler := gatewaytest.New(t, cfg, data)
	settler.Start(t, "DTWGATE_ROLE=settler")
	settlerBase := "http://" + settler.Listen
	require.Eventually(t, func() bool {
		var r api.Readiness
		return json.Unmarshal([]byte(get(t, settlerBase+api.PathReadyz)), &r) == nil &&
			slices.ContainsFunc(r.Leases, func(l api.LeaseStatus) bool { return l.Self && l.Lease == "settler:ETHEREUM" })
	}, 20*time.Second, 50*time.Millisecond, "the settler leads the chain")
	// A failed login, so that the login counter has a series.
	resp, err := http.Post(apiP.Base()+api.PathAuthToken, "application/json", strings.NewReader(`{"keyId":"nope","secret":"nope"}`))
	require.NoError(t, err)
	resp.Body.Close()

	t.Run("every metric the rules and the dashboard name is exposed", func(t *testing.T) {
		exprs := dashboardExprs(t)
		for _, e := range alerts(t) {
			exprs = append(exprs, e)
		}
		names := namedMetrics(exprs)
		require.NotEmpty(t, names)
		// Some series appear once a job's first round ran (the inventory watcher reads the
		// chain after the settler takes its lease): wait for them, then name what is missing.
		var missing []string
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			have := exposed(t, "http://"+apiP.Listen)
			for name := range exposed(t, settlerBase) {
				have[name] = true
			}
			missing = missing[:0]
			for _, name := range names {
				if !have[name] {
					missing = append(missing, name)
				}
			}
			if len(missing) == 0 || time.Now().After(deadline) {
				break
			}
		}
		require.Empty(t, missing, "named in the rules or the dashboard but no process exposes them")
	})

	rules, err := os.ReadFile(alertsFile)
	require.NoError(t, err)
	promDir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(promDir, "alerts.yaml"), forRe.ReplaceAll(rules, []byte("${1}2s")), 0o600))
	promCfg := fmt.Sprintf(`global: {scrape_interval: 1s, evaluation_interval: 1s}
rule_files: [alerts.yaml]
scrape_configs:
  - job_name: dtwgate-api
    static_configs: [{targets: [%q]}]
  - job_name: dtwgate-settler
    static_configs: [{targets: [%q]}]
`, apiP.Listen, settler.Listen)
	require.NoError(t, os.WriteFile(filepath.Join(promDir, "prometheus.yml"), []byte(promCfg), 0o600))
	promAddr := gatewaytest.FreeAddr(t)
	logs := &gatewaytest.Logs{}
	cmd := exec.Command(prom, "--config.file="+filepath.Join(promDir, "prometheus.yml"),
		"--storage.tsdb.path="+filepath.Join(promDir, "data"), "--web.listen-address="+promAddr)
	cmd.Stdout, cmd.Stderr = logs, logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("prometheus logs:\n%s", logs)
		}
	})
	promBase := "http://" + promAddr

	type queryResult struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Data   struct {
			Result []struct {
				Metric map[string]string `json:"metric"`
			} `json:"result"`
		} `json:"data"`
	}
	query := func(expr string) (queryResult, error) {
		var r queryResult
		resp, err := http.Get(promBase + "/api/v1/query?query=" + url.QueryEscape(expr))
		if err != nil {
			return r, err
		}
		defer resp.Body.Close()
		return r, json.NewDecoder(resp.Body).Decode(&r)
	}
	require.Eventually(t, func() bool {
		r, err := query(`dtwgate_leader{lease="settler:ETHEREUM"} == 1`)
		return err == nil && r.Status == "success" && len(r.Data.Result) == 1
	}, 60*time.Second, 200*time.Millisecond, "Prometheus scrapes the settler's leadership")

	t.Run("every dashboard query runs", func(t *testing.T) {
		for _, e := range dashboardExprs(t) {
			r, err := query(e)
			require.NoError(t, err, e)
			require.Equal(t, "success", r.Status, "%s: %s", e, r.Error)
		}
	})

	type alertsResult struct {
		Data struct {
			Alerts []struct {
				Labels map[string]string `json:"labels"`
				State  string            `json:"state"`
			} `json:"alerts"`
		} `json:"data"`
	}
	firing := func(name, lease string) bool {
		var r alertsResult
		if err := json.Unmarshal([]byte(get(t, promBase+"/api/v1/alerts")), &r); err != nil {
			return false
		}
		return slices.ContainsFunc(r.Data.Alerts, func(a struct {
			Labels map[string]string `json:"labels"`
			State  string            `json:"state"`
		}) bool {
			return a.Labels["alertname"] == name && a.Labels["lease"] == lease && a.State == "firing"
		})
	}
	time.Sleep(3 * time.Second) // several evaluations while the settler leads
	require.False(t, firing("DtwgateSettlerWithoutLeader", "settler:ETHEREUM"), "no alert while the settler leads")

	settler.Kill(t)
	require.Eventually(t, func() bool { return firing("DtwgateSettlerWithoutLeader", "settler:ETHEREUM") },
		60*time.Second, 250*time.Millisecond, "DtwgateSettlerWithoutLeader fires once the settler is gone")
}
