package faults

import (
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// ProxyMode is how a Proxy treats connections.
type ProxyMode int

// Proxy modes.
const (
	// Forward passes connections through to the target.
	Forward ProxyMode = iota
	// Drop closes every open connection and each new one at once: the peer sees a reset
	// or EOF, as when a node goes down.
	Drop
	// Blackhole closes the open connections and accepts new ones but never answers them,
	// as a hung node does: the peer's requests hang until its own timeout. A connection
	// accepted meanwhile stays unanswered after the proxy forwards again.
	Blackhole
)

// Proxy forwards TCP connections from a loopback port to a target address, and can cut
// the path (Drop, Blackhole) and restore it (Forward). Safe for concurrent use.
type Proxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	mode  ProxyMode
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
}

// NewProxy listens on a free loopback port and forwards to target (host:port).
func NewProxy(target string) (*Proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("proxy: listen: %w", err)
	}
	p := &Proxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.serve()
	return p, nil
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// SetMode switches the proxy to mode; leaving Forward closes every open connection.
func (p *Proxy) SetMode(mode ProxyMode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mode = mode
	if mode != Forward {
		for c := range p.conns {
			_ = c.Close()
		}
	}
}

// Close stops listening and closes every connection.
func (p *Proxy) Close() error {
	err := p.ln.Close()
	p.SetMode(Drop)
	p.wg.Wait()
	return err
}

func (p *Proxy) serve() {
	defer p.wg.Done()
	for {
		in, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		switch p.mode {
		case Drop:
			p.mu.Unlock()
			_ = in.Close()
			continue
		case Blackhole: // hold it, unanswered, until the mode changes
			p.conns[in] = struct{}{}
			p.wg.Add(1)
			p.mu.Unlock()
			go p.hold(in)
			continue
		}
		p.mu.Unlock()
		out, err := net.DialTimeout("tcp", p.target, 5*time.Second)
		if err != nil {
			_ = in.Close()
			continue
		}
		p.mu.Lock()
		if p.mode != Forward { // cut while dialling
			p.mu.Unlock()
			_ = in.Close()
			_ = out.Close()
			continue
		}
		p.conns[in], p.conns[out] = struct{}{}, struct{}{}
		p.wg.Add(2)
		p.mu.Unlock()
		go p.pipe(in, out)
		go p.pipe(out, in)
	}
}

// hold reads and discards what a black-holed connection sends until it is closed.
func (p *Proxy) hold(c net.Conn) {
	defer p.wg.Done()
	_, _ = io.Copy(io.Discard, c)
	p.forget(c)
}

func (p *Proxy) pipe(dst, src net.Conn) {
	defer p.wg.Done()
	_, _ = io.Copy(dst, src)
	p.forget(dst, src)
}

func (p *Proxy) forget(conns ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range conns {
		_ = c.Close()
		delete(p.conns, c)
	}
}
