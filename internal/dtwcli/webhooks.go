package dtwcli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
)

// Flags of dtw webhooks.
const (
	flagURL    = "url"
	flagHeader = "header"
	flagEvent  = "event"
)

// webhooksCommand is `dtw webhooks`.
func webhooksCommand() *cli.Command {
	return &cli.Command{
		Name:  "webhooks",
		Usage: "list, create and delete your webhook subscriptions (deposits and withdrawals POSTed to your URL, signed)",
		Subcommands: []*cli.Command{
			{Name: "list", Usage: "list your webhook subscriptions (header values are not shown)", Flags: configFlags(), Action: runWebhooksList},
			{
				Name: "create",
				Usage: "subscribe --url to your account's deposits and withdrawals; the signing secret is shown once " +
					"(verify deliveries with the Go package github.com/dtwgate/dtwgate/api/webhook, or any Standard Webhooks library)",
				Flags: append(configFlags(),
					&cli.StringFlag{Name: flagURL, Usage: "the receiver's https `URL`", Required: true},
					&cli.GenericFlag{Name: flagHeader, Usage: "a header sent with every delivery, `'NAME: VALUE'` (repeatable)", Value: &headerFlag{}},
					&cli.StringFlag{Name: flagEvent, Usage: "the event `TYPE`; only " + string(api.ChannelAccountActivity) + " exists", Value: string(api.ChannelAccountActivity)}),
				Action: runWebhooksCreate,
			},
			{Name: "delete", Usage: "delete the subscription SUBSCRIPTION_ID: nothing more is delivered to it", ArgsUsage: "SUBSCRIPTION_ID",
				Flags: configFlags(), Action: runWebhooksDelete},
		},
	}
}

// headerFlag collects repeated --header 'Name: value' flags; values may hold commas.
type headerFlag struct{ values []string }

// Set implements flag.Value.
func (h *headerFlag) Set(v string) error {
	h.values = append(h.values, v)
	return nil
}

// String implements flag.Value.
func (h *headerFlag) String() string { return strings.Join(h.values, ", ") }

// parseHeaders turns 'Name: value' flags into target headers.
func parseHeaders(values []string) (map[string]string, error) {
	out := map[string]string{}
	for _, v := range values {
		name, value, ok := strings.Cut(v, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" {
			return nil, usageError("--header %q: write it as 'NAME: VALUE', e.g. --header 'Authorization: Bearer abc'", v)
		}
		out[name] = value
	}
	return out, nil
}

func runWebhooksList(c *cli.Context) error {
	if err := argsCheck(c, "webhooks list", 0, 0); err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		list, err := cl.Webhooks(c.Context)
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, list, func() error {
			if len(list.Webhooks) == 0 {
				fmt.Fprintln(c.App.Writer, "no webhook subscriptions; create one with `dtw webhooks create --url https://...`")
				return nil
			}
			var rows [][]string
			for _, w := range list.Webhooks {
				rows = append(rows, []string{w.SubscriptionID, channelList(w.EventTypes), w.Target.URL, headerNames(w.Target.Headers), millis(w.CreatedAtMillis)})
			}
			return table(c, []string{"SUBSCRIPTION ID", "EVENTS", "URL", "HEADERS", "CREATED"}, rows)
		})
	})
}

func runWebhooksCreate(c *cli.Context) error {
	if err := argsCheck(c, "webhooks create --url URL [--header 'NAME: VALUE']", 0, 0); err != nil {
		return err
	}
	url := strings.TrimSpace(c.String(flagURL))
	if url == "" {
		return usageError("--url must not be empty")
	}
	var raw []string
	if h, ok := c.Generic(flagHeader).(*headerFlag); ok {
		raw = h.values
	}
	headers, err := parseHeaders(raw)
	if err != nil {
		return err
	}
	event := api.ChannelType(strings.ToUpper(strings.TrimSpace(c.String(flagEvent))))
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		w, err := cl.CreateWebhook(c.Context, api.CreateWebhookRequest{EventTypes: []api.ChannelType{event},
			Target: api.WebhookTarget{URL: url, Headers: headers}})
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, w, func() error {
			fmt.Fprintf(c.App.Writer, "subscription id: %s\nevents:          %s\nurl:             %s\nsecret:          %s\n"+
				"the secret is shown only now: your receiver verifies each delivery's webhook-signature with it\n",
				w.SubscriptionID, channelList(w.EventTypes), w.Target.URL, w.Secret)
			return nil
		})
	})
}

// webhookDeleted is the --json answer of dtw webhooks delete.
type webhookDeleted struct {
	SubscriptionID string `json:"subscriptionId"`
	Deleted        bool   `json:"deleted"`
}

func runWebhooksDelete(c *cli.Context) error {
	if err := argsCheck(c, "webhooks delete SUBSCRIPTION_ID", 1, 1); err != nil {
		return err
	}
	id := strings.TrimSpace(c.Args().First())
	if id == "" {
		return usageError("SUBSCRIPTION_ID must not be empty (see `dtw webhooks list`)")
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		if err := cl.DeleteWebhook(c.Context, id); err != nil {
			return apiError(cfg, err)
		}
		return output(c, webhookDeleted{SubscriptionID: id, Deleted: true}, func() error {
			fmt.Fprintf(c.App.Writer, "deleted %s: nothing more is delivered to it\n", id)
			return nil
		})
	})
}

func channelList(ts []api.ChannelType) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return strings.Join(out, ",")
}

// headerNames lists header names only: values often hold the receiver's credentials.
func headerNames(h map[string]string) string {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	slices.Sort(names)
	return orDash(strings.Join(names, ","))
}
