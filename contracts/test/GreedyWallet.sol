// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title An ERC-1271 contract wallet for tests that takes all it can: isValidSignature
/// either loops until it runs out of gas, or answers the magic value followed by
/// `padding` bytes of return data for the caller to copy.
contract GreedyWallet {
    bool public immutable loops;
    uint256 public immutable padding;

    constructor(bool loops_, uint256 padding_) {
        loops = loops_;
        padding = padding_;
    }

    /// @notice ERC-1271: spends all gas, or returns the magic value and `padding` bytes more.
    function isValidSignature(bytes32, bytes calldata) external view returns (bytes4) {
        if (loops) {
            while (gasleft() > 0) {}
        }
        uint256 size = padding + 32;
        assembly {
            mstore(0, shl(224, 0x1626ba7e))
            return(0, size)
        }
    }
}
