module github.com/hashicorp/go-kms-wrapping/wrappers/ocikms/v2

go 1.21

require (
	github.com/hashicorp/go-kms-wrapping/v2 v2.0.18
	github.com/dtwgate/dtwgate/testnet/vaultdev/stub/kmsstub v0.0.0
)
