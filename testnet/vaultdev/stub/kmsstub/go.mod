module github.com/dtwgate/dtwgate/testnet/vaultdev/stub/kmsstub

go 1.21

require github.com/hashicorp/go-kms-wrapping/v2 v2.0.18
