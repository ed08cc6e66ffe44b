package api

import "github.com/dtwgate/dtwgate/api/receipt"

// Readiness is the answer of GET /readyz (200 when ready): the process's state and who
// leads the work that runs in one process per store.
type Readiness struct {
	// Status is "ready".
	Status string `json:"status"`
	// Leases are the leases of the store by name (the settler of each chain
	// "settler:<source>", the OFFCHAIN matcher "offchain-matcher"); empty before any
	// settler process ran.
	Leases []LeaseStatus `json:"leases"`
	// Version is the answering process's module version, as `dtwgate --version` prints it.
	Version string `json:"version"`
	// Commit is the VCS revision the process was built from, "" when not built from a
	// checkout.
	Commit string `json:"commit,omitempty"`
	// Modified reports that the checkout had uncommitted changes at build time.
	Modified bool `json:"modified,omitempty"`
	// Inventory is where each watched place of the operator's inventory stood at the
	// settler's last read (chains[].inventory); empty when no band is configured.
	Inventory []InventoryStatus `json:"inventory,omitempty"`
	// ReceiptKeys are the published receipt keys (as GET
	// /.well-known/dtwgate-receipt-keys lists them); absent without a receipt key.
	ReceiptKeys receipt.Keys `json:"receiptKeys,omitempty"`
}

// InventoryStatus is one watched place of the operator's inventory against its band.
type InventoryStatus struct {
	// Source is the chain, Asset the asset id.
	Source string `json:"source"`
	Asset  string `json:"asset"`
	// Place is "dtw" (the operator's free balance inside the DTW contract) or "treasury"
	// (its wallet).
	Place string `json:"place"`
	// Balance, Min, Target and Max are whole tokens (decimal strings).
	Balance string `json:"balance"`
	Min     string `json:"min"`
	Target  string `json:"target"`
	Max     string `json:"max"`
	// State is BELOW, WITHIN or ABOVE the band.
	State string `json:"state"`
	// UpdatedAtMillis is when the settler read it (unix milliseconds).
	UpdatedAtMillis int64 `json:"updatedAtMillis"`
}

// LeaseStatus is who leads one lease.
type LeaseStatus struct {
	// Lease names the work, e.g. "settler:ETHEREUM".
	Lease string `json:"lease"`
	// Holder is the process that holds it (hostname:pid:random), "" when none does.
	Holder string `json:"holder"`
	// Token is the fencing token of the holder's term.
	Token int64 `json:"token"`
	// ExpiresAtMillis is when the lease ends unless renewed (unix milliseconds).
	ExpiresAtMillis int64 `json:"expiresAtMillis"`
	// Held reports whether a process holds it now (not expired nor released).
	Held bool `json:"held"`
	// Self reports whether the answering process holds it.
	Self bool `json:"self"`
}
