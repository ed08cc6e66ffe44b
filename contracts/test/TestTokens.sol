// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Test tokens for local chains. Anyone may mint: never deploy these to a real network.
abstract contract BaseTestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    /// @notice Mints `amount` to `to`. Test tokens only.
    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _approve(address spender, uint256 amount) internal {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
    }

    function _spendAllowance(address from, uint256 amount) internal {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
    }

    /// @dev Moves `amount` from `from`; the recipient gets `amount` less the token's fee.
    function _transfer(address from, address to, uint256 amount) internal virtual {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// @title An ordinary ERC-20 that returns true.
contract TestToken is BaseTestToken {
    constructor(string memory name_, string memory symbol_, uint8 decimals_) BaseTestToken(name_, symbol_, decimals_) {}

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _spendAllowance(from, amount);
        _transfer(from, to, amount);
        return true;
    }
}

/// @title A USDT-style token: no return values, and approve must go through zero.
contract NoReturnToken is BaseTestToken {
    constructor(string memory name_, string memory symbol_, uint8 decimals_) BaseTestToken(name_, symbol_, decimals_) {}

    function approve(address spender, uint256 amount) external {
        require(amount == 0 || allowance[msg.sender][spender] == 0, "approve from non-zero");
        _approve(spender, amount);
    }

    function transfer(address to, uint256 amount) external {
        _transfer(msg.sender, to, amount);
    }

    function transferFrom(address from, address to, uint256 amount) external {
        _spendAllowance(from, amount);
        _transfer(from, to, amount);
    }
}

/// @title A fee-on-transfer token: every transfer burns `feeBps` basis points of the amount.
contract FeeToken is BaseTestToken {
    uint256 public immutable feeBps;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 feeBps_)
        BaseTestToken(name_, symbol_, decimals_)
    {
        require(feeBps_ < 10_000, "fee");
        feeBps = feeBps_;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _spendAllowance(from, amount);
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        require(balanceOf[from] >= amount, "balance");
        uint256 fee = amount * feeBps / 10_000;
        balanceOf[from] -= amount;
        balanceOf[to] += amount - fee;
        totalSupply -= fee;
        emit Transfer(from, to, amount - fee);
        if (fee > 0) emit Transfer(from, address(0), fee);
    }
}
