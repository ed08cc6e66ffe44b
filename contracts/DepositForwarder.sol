// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DepositForwarder: one account's OFFCHAIN deposit address on a chain.
/// @notice The gateway hands each account the address of its own forwarder, computed with
/// CREATE2 from the factory and a salt derived from the account id, before the forwarder
/// exists. Native ETH and ERC-20 tokens sent to it are credited to the account's OFFCHAIN
/// balance by the gateway; `sweep` moves whatever it holds to the factory's treasury.
/// Nothing else can move funds out, and anyone may call `sweep`: the funds only ever go to
/// the treasury.
/// @dev The creation code takes no arguments (the treasury is read from the deploying
/// factory), so a forwarder's address depends only on the factory and the salt.
contract DepositForwarder {
    /// @notice Where swept funds go.
    address public immutable treasury;

    /// @notice Native ETH arrived: `from` is the sender, or address(0) for ETH the address
    /// held before the forwarder was deployed.
    event Received(address indexed from, uint256 amount);
    /// @notice `amount` of `token` (address(0): native ETH) went to the treasury.
    event Swept(address indexed token, uint256 amount);

    /// @notice A token transfer or the native payment to the treasury failed.
    error SweepFailed(address token);
    /// @notice A call of the sweep ran out of gas: the transaction's gas limit is short,
    /// the token is not broken.
    error OutOfGas();

    constructor() {
        treasury = DepositForwarderFactory(msg.sender).treasury();
        if (address(this).balance > 0) {
            emit Received(address(0), address(this).balance);
        }
    }

    /// @notice Accepts native ETH; fits the 2,300 gas of Solidity's `transfer`.
    receive() external payable {
        emit Received(msg.sender, msg.value);
    }

    /// @notice Sends the forwarder's whole balance of `token` (address(0): native ETH) to
    /// the treasury and returns the amount sent.
    /// @dev Every external call is checked for running out of gas (at most 1/64 of the
    /// gas left behind): that reverts OutOfGas, which the factory does not mistake for a
    /// broken token.
    function sweep(address token) external returns (uint256 amount) {
        bool ok;
        bytes memory ret;
        uint256 before = gasleft();
        if (token == address(0)) {
            amount = address(this).balance;
            if (amount == 0) return 0;
            (ok,) = treasury.call{value: amount}("");
        } else {
            (ok, ret) = token.staticcall(abi.encodeCall(IERC20Balance.balanceOf, (address(this))));
            if (!ok || ret.length < 32) {
                if (gasleft() <= before / 63) revert OutOfGas();
                revert SweepFailed(token);
            }
            amount = abi.decode(ret, (uint256));
            if (amount == 0) return 0;
            before = gasleft();
            (ok, ret) = token.call(abi.encodeCall(IERC20Balance.transfer, (treasury, amount)));
            if (!ok && gasleft() <= before / 63) revert OutOfGas();
            ok = ok && (ret.length == 0 ? token.code.length > 0 : ret.length >= 32 && abi.decode(ret, (bool)));
        }
        if (!ok) {
            if (gasleft() <= before / 63) revert OutOfGas();
            revert SweepFailed(token);
        }
        emit Swept(token, amount);
    }
}

/// @title DepositForwarderFactory: deploys deposit forwarders at their CREATE2 addresses
/// and sweeps them to the treasury.
/// @notice Deploying and sweeping are open to anyone: they cost the caller gas and can only
/// move funds to the treasury.
contract DepositForwarderFactory {
    /// @notice Where every forwarder of this factory sweeps to.
    address public immutable treasury;

    /// @notice A forwarder was deployed.
    event ForwarderDeployed(bytes32 indexed salt, address forwarder);

    /// @notice The treasury is the zero address.
    error ZeroTreasury();
    /// @notice A forwarder's sweep ran out of gas: the transaction's gas limit is short.
    error OutOfGas();

    constructor(address treasury_) {
        if (treasury_ == address(0)) revert ZeroTreasury();
        treasury = treasury_;
    }

    /// @notice The address of the forwarder of `salt`, deployed or not.
    function forwarderAddress(bytes32 salt) public view returns (address) {
        bytes32 h = keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(type(DepositForwarder).creationCode)));
        return address(uint160(uint256(h)));
    }

    /// @notice Deploys the forwarders of `salts` that do not exist yet.
    function deploy(bytes32[] calldata salts) external {
        for (uint256 i = 0; i < salts.length; i++) {
            _deploy(salts[i]);
        }
    }

    /// @notice Deploys the forwarders of `salts` if needed and sweeps each of `tokens`
    /// (address(0): native ETH) from each of them. A token that fails to move is skipped,
    /// so one broken token does not hold up the others.
    function sweep(bytes32[] calldata salts, address[] calldata tokens) external {
        for (uint256 i = 0; i < salts.length; i++) {
            DepositForwarder f = _deploy(salts[i]);
            for (uint256 j = 0; j < tokens.length; j++) {
                uint256 before = gasleft();
                try f.sweep(tokens[j]) {}
                catch (bytes memory reason) {
                    // A sweep that ran out of gas (here, or in the forwarder's own calls,
                    // which say so) is not a broken token but a short gas limit (a gas
                    // estimate finds the lowest limit that does not revert): revert the
                    // whole sweep.
                    if (gasleft() <= before / 63 || (reason.length >= 4 && bytes4(reason) == DepositForwarder.OutOfGas.selector)) {
                        revert OutOfGas();
                    }
                }
            }
        }
    }

    function _deploy(bytes32 salt) private returns (DepositForwarder f) {
        address a = forwarderAddress(salt);
        if (a.code.length > 0) return DepositForwarder(payable(a));
        f = new DepositForwarder{salt: salt}();
        emit ForwarderDeployed(salt, address(f));
    }
}

/// @dev The two ERC-20 functions a forwarder calls.
interface IERC20Balance {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
}
