package onchain

import "github.com/dtwgate/dtwgate/chain"

// Registry returns the chains the service serves, by source name.
func (s *Service) Registry() *chain.Registry { return s.reg }
