package signer

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"

	"golang.org/x/term"
)

// EnvPassword is the environment variable that holds a keystore password when no
// password file is given.
const EnvPassword = "DTW_PASSWORD"

// PasswordFunc returns the password for what (a human-readable name of the keystore,
// used in prompts and errors). It is called only when a password is needed.
type PasswordFunc func(ctx context.Context, what string) (string, error)

// StaticPassword returns a PasswordFunc that always returns password.
func StaticPassword(password string) PasswordFunc {
	return func(context.Context, string) (string, error) { return password, nil }
}

// PasswordFile returns a PasswordFunc that reads the password from the file at path,
// without one trailing newline (as `cast` writes and reads password files).
func PasswordFile(path string) PasswordFunc {
	return func(context.Context, string) (string, error) {
		data, err := os.ReadFile(path)
		if err != nil {
			return "", fmt.Errorf("read password file: %w (check --password-file)", err)
		}
		data = bytes.TrimSuffix(data, []byte("\n"))
		data = bytes.TrimSuffix(data, []byte("\r"))
		return string(data), nil
	}
}

// PasswordPrompt returns a PasswordFunc that asks on the terminal in, without echo,
// writing the prompt to out. If in is not a terminal it returns ErrNoPassword.
func PasswordPrompt(in *os.File, out io.Writer) PasswordFunc {
	return func(_ context.Context, what string) (string, error) {
		fd := int(in.Fd())
		if !term.IsTerminal(fd) {
			return "", fmt.Errorf("%w for %s: pass --password-file FILE or set %s", ErrNoPassword, what, EnvPassword)
		}
		fmt.Fprintf(out, "Password for %s: ", what)
		pw, err := term.ReadPassword(fd)
		fmt.Fprintln(out)
		if err != nil {
			return "", fmt.Errorf("read password: %w", err)
		}
		return string(pw), nil
	}
}

// DefaultPassword returns the password source of the CLI: the file if file is set,
// else $DTW_PASSWORD if set, else a no-echo prompt on the terminal. Passwords are
// never taken from command-line arguments, which other users can read in ps.
func DefaultPassword(file string) PasswordFunc {
	if file != "" {
		return PasswordFile(file)
	}
	return func(ctx context.Context, what string) (string, error) {
		if pw, ok := os.LookupEnv(EnvPassword); ok {
			return pw, nil
		}
		return PasswordPrompt(os.Stdin, os.Stderr)(ctx, what)
	}
}
