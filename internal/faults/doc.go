// Package faults is the fault-injection suite of a replicated gateway, and the pieces of
// network and chain trouble it injects: a TCP proxy that cuts or black-holes a chain's
// RPC (Proxy), a client-side load balancer over replicas that moves on from a dead one
// (RoundRobin), and real reorgs of an anvil chain (Reorg).
//
// TestFaults runs three `dtwgate serve` replicas on one PostgreSQL and two anvil chains,
// sends a steady flow of on-chain and OFFCHAIN orders through the replicas, each retried
// by its client until it gets an answer, while it SIGKILLs replicas (the elected leader
// of a chain among them), reorgs the chains, cuts their RPC and restarts PostgreSQL. At
// the end it checks on the chains themselves and in the store that every order was
// settled or cancelled exactly once, that the ledger balances, that the outbox holds each
// order's event once and that every webhook was delivered, and prints orders_lost,
// double_settlements and leader_failover_max_s. `make test` runs a bounded form;
// `make test-faults` (FAULTS=full) the full one.
package faults
