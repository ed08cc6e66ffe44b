package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// listenPprof opens the profiler's listener when the config asks for one.
func (a *App) listenPprof() error {
	if a.cfg.Debug.PprofListen == "" {
		return nil
	}
	ln, err := net.Listen("tcp", a.cfg.Debug.PprofListen)
	if err != nil {
		return fmt.Errorf("debug.pprofListen: %w", err)
	}
	a.pprofLn = ln
	a.closers = append(a.closers, func() { _ = ln.Close() })
	return nil
}

// servePprof serves Go's profiler on its own listener until ctx ends. Its handlers are
// mounted on a mux of their own, never on the API's.
func (a *App) servePprof(ctx context.Context) {
	if a.pprofLn == nil {
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	a.log.Info("profiler listening", slog.String("listen", a.pprofLn.Addr().String()))
	if err := srv.Serve(a.pprofLn); err != nil && !errors.Is(err, http.ErrServerClosed) && !errors.Is(err, net.ErrClosed) {
		a.log.Warn("profiler stopped", slog.Any("error", err))
	}
}

// PprofAddr returns the profiler's address, nil when it is off.
func (a *App) PprofAddr() net.Addr {
	if a.pprofLn == nil {
		return nil
	}
	return a.pprofLn.Addr()
}
