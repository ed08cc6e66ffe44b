// Package clihelp lists what the --help of a urfave/cli app shows, command by command, so
// that tests can check every text against the commands, flags and examples it quotes.
package clihelp

import "github.com/urfave/cli/v2"

// Text is one help text of a command.
type Text struct {
	// Command is the command's full name, e.g. "dtw order place".
	Command string
	// Text is its usage, usage text, description, arguments or a flag's usage.
	Text string
}

// Texts are the help texts of every command of app, depth first.
func Texts(app *cli.App) []Text {
	var out []Text
	var walk func(path string, cmds []*cli.Command)
	walk = func(path string, cmds []*cli.Command) {
		for _, c := range cmds {
			name := path + " " + c.Name
			for _, s := range []string{c.Usage, c.UsageText, c.Description, c.ArgsUsage} {
				if s != "" {
					out = append(out, Text{Command: name, Text: s})
				}
			}
			for _, f := range c.Flags {
				if u, ok := f.(cli.DocGenerationFlag); ok && u.GetUsage() != "" {
					out = append(out, Text{Command: name, Text: u.GetUsage()})
				}
			}
			walk(name, c.Subcommands)
		}
	}
	walk(app.Name, app.Commands)
	return out
}
