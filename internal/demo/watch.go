package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

// watch starts `dtw watch ARGS...` of a trader in the background: every line it prints
// (stdout and stderr) is shown as it comes, marked with label, while the session goes on;
// stopAll ends it with SIGTERM, its clean exit.
func (t *trader) watch(label string, args ...string) error {
	d := t.d
	argv := append([]string{filepath.Join(d.bin, "dtw"), "watch"}, args...)
	fmt.Printf("$ %s &   (its lines below marked [%s])\n", strings.Join(shortArgs(d.work, argv), " "), label)
	cmd := exec.Command(argv[0], argv[1:]...)
	pr, pw, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd.Env, cmd.Stdout, cmd.Stderr = t.env, pw, pw
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	err = cmd.Start()
	pw.Close() // the child holds its own copy: reading ends when it exits
	if err != nil {
		pr.Close()
		return fmt.Errorf("start dtw watch: %w", err)
	}
	go func() {
		defer pr.Close()
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			fmt.Printf("   [%s] %s\n", label, sc.Text())
		}
	}()
	d.procs = append(d.procs, cmd)
	return nil
}
