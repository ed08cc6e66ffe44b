// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title DTW: deposit, trade, withdraw.
/// @notice Traders deposit tokens (or native ETH, token id address(0)) and hold free
/// balances. An order locks `sellAmount` of `sellToken` and asks for at least
/// `minBuyAmount` of `buyToken` before `deadline`. Only an operator settles an order, from
/// its own inventory in this contract. The operator may cancel an open order at any time;
/// after the deadline anyone may cancel it, and the refund always goes to the trader.
/// Withdrawals of free balances are never blocked, not even by a pause.
/// @dev Only the hash of an open order is stored; settle and cancel take the order in
/// calldata and check it against the hash. Every state change emits an event that carries
/// everything an indexer needs, so nothing has to be read back by calls.
contract DTW {
    /// @notice Token id of native ETH.
    address public constant NATIVE = address(0);

    /// @notice Order kinds: a market order is settled or cancelled at once; a limit order
    /// rests until it can be filled or its deadline passes.
    uint8 public constant KIND_MARKET = 0;
    uint8 public constant KIND_LIMIT = 1;

    /// @notice An order as placed. Its hash is stored under its orderId while it is open.
    struct Order {
        address trader;
        address sellToken;
        address buyToken;
        uint256 sellAmount;
        uint256 minBuyAmount;
        uint64 deadline;
        uint8 kind;
    }

    /// @notice One settlement: the open order and the amount of buyToken paid for it.
    struct Fill {
        uint256 orderId;
        Order order;
        uint256 buyAmount;
    }

    /// @notice A reference to an open order, for batch cancellation.
    struct OrderRef {
        uint256 orderId;
        Order order;
    }

    /// @notice A gasless order: the trader signs it as EIP-712 typed data, anyone relays it.
    struct SignedOrder {
        address trader;
        address sellToken;
        address buyToken;
        uint256 sellAmount;
        uint256 minBuyAmount;
        uint64 deadline;
        uint8 kind;
        uint256 nonce;
    }

    /// @notice A gasless withdrawal of a free balance to `to`, valid until `deadline`.
    struct SignedWithdrawal {
        address trader;
        address token;
        uint256 amount;
        address to;
        uint256 nonce;
        uint64 deadline;
    }

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("DTW");
    bytes32 private constant VERSION_HASH = keccak256("1");
    /// @notice EIP-712 type hash of SignedOrder.
    bytes32 public constant ORDER_TYPEHASH = keccak256(
        "Order(address trader,address sellToken,address buyToken,uint256 sellAmount,uint256 minBuyAmount,uint64 deadline,uint8 kind,uint256 nonce)"
    );
    /// @notice EIP-712 type hash of SignedWithdrawal.
    bytes32 public constant WITHDRAWAL_TYPEHASH =
        keccak256("Withdrawal(address trader,address token,uint256 amount,address to,uint256 nonce,uint64 deadline)");
    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e;
    uint256 private constant HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    // Slot 0 packs what placeOrder reads and writes, so a placement touches it once.
    address public owner;
    bool public paused;
    uint64 public nextOrderId;

    address public pendingOwner;
    mapping(address operator => bool) public isOperator;
    mapping(address trader => mapping(address token => uint256)) private _balances;
    mapping(uint256 orderId => bytes32) private _orderHashes;
    mapping(address trader => mapping(uint256 word => uint256)) private _nonceBitmap;

    bool private transient _entered;

    uint256 private immutable _cachedChainId;
    bytes32 private immutable _cachedDomainSeparator;

    event Deposited(address indexed trader, address indexed token, uint256 amount);
    event Withdrawn(address indexed trader, address indexed token, uint256 amount, address to);
    event OrderPlaced(
        uint256 indexed orderId,
        address indexed trader,
        address sellToken,
        address buyToken,
        uint256 sellAmount,
        uint256 minBuyAmount,
        uint64 deadline,
        uint8 kind
    );
    event OrderSettled(
        uint256 indexed orderId,
        address indexed trader,
        address indexed operator,
        address sellToken,
        address buyToken,
        uint256 sellAmount,
        uint256 buyAmount
    );
    event OrderCancelled(
        uint256 indexed orderId, address indexed trader, address indexed canceller, address sellToken, uint256 sellAmount
    );
    event NonceUsed(address indexed trader, uint256 nonce);
    event OperatorSet(address indexed operator, bool enabled);
    event PausedSet(bool paused);
    event OwnershipTransferStarted(address indexed owner, address indexed pendingOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner();
    error NotPendingOwner();
    error NotOperator();
    error IsPaused();
    error Reentrancy();
    error ZeroAmount();
    error ZeroAddress();
    error SameToken();
    error BadValue();
    error DeadlinePassed();
    error DeadlineNotPassed();
    error InsufficientBalance(address token, uint256 available, uint256 needed);
    error UnknownOrder(uint256 orderId);
    error BelowMinBuyAmount(uint256 buyAmount, uint256 minBuyAmount);
    error BadSignature();
    error NonceAlreadyUsed(uint256 nonce);
    error TransferFailed(address token);
    error NotAToken(address token);
    error BadKind(uint8 kind);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    modifier onlyOperator() {
        if (!isOperator[msg.sender]) revert NotOperator();
        _;
    }

    modifier nonReentrant() {
        if (_entered) revert Reentrancy();
        _entered = true;
        _;
        _entered = false;
    }

    /// @param owner_ the account that manages operators and the pause switch.
    constructor(address owner_) {
        if (owner_ == address(0)) revert ZeroAddress();
        owner = owner_;
        nextOrderId = 1;
        _cachedChainId = block.chainid;
        _cachedDomainSeparator = _buildDomainSeparator();
        emit OwnershipTransferred(address(0), owner_);
    }

    // ---------------------------------------------------------------- administration

    /// @notice Grants or revokes the operator role.
    function setOperator(address operator, bool enabled) external onlyOwner {
        if (operator == address(0)) revert ZeroAddress();
        isOperator[operator] = enabled;
        emit OperatorSet(operator, enabled);
    }

    /// @notice Stops or resumes new orders. Withdrawals, settlements and cancellations go on.
    function setPaused(bool paused_) external onlyOwner {
        paused = paused_;
        emit PausedSet(paused_);
    }

    /// @notice Starts a two-step ownership transfer; `newOwner` must accept it.
    function transferOwnership(address newOwner) external onlyOwner {
        pendingOwner = newOwner;
        emit OwnershipTransferStarted(owner, newOwner);
    }

    /// @notice Completes an ownership transfer started by the owner.
    function acceptOwnership() external {
        if (msg.sender != pendingOwner) revert NotPendingOwner();
        emit OwnershipTransferred(owner, msg.sender);
        owner = msg.sender;
        pendingOwner = address(0);
    }

    // ---------------------------------------------------------------- balances

    /// @notice Deposits `amount` of `token` (msg.value for NATIVE) and credits what arrived.
    /// @return credited the amount added to the caller's free balance.
    function deposit(address token, uint256 amount) external payable nonReentrant returns (uint256 credited) {
        credited = _pull(token, amount);
        _balances[msg.sender][token] += credited;
        emit Deposited(msg.sender, token, credited);
    }

    /// @notice Withdraws `amount` of the caller's free balance of `token` to `to`.
    function withdraw(address token, uint256 amount, address to) external nonReentrant {
        _withdraw(msg.sender, token, amount, to);
    }

    /// @notice Relays a withdrawal that the trader signed as EIP-712 typed data.
    function withdrawSigned(SignedWithdrawal calldata w, bytes calldata signature) external nonReentrant {
        if (block.timestamp > w.deadline) revert DeadlinePassed();
        bytes32 structHash =
            keccak256(abi.encode(WITHDRAWAL_TYPEHASH, w.trader, w.token, w.amount, w.to, w.nonce, w.deadline));
        _useSignature(w.trader, w.nonce, structHash, signature);
        _withdraw(w.trader, w.token, w.amount, w.to);
    }

    /// @notice The free balance of `trader` in `token`.
    function balanceOf(address trader, address token) external view returns (uint256) {
        return _balances[trader][token];
    }

    // ---------------------------------------------------------------- orders

    /// @notice Places an order from the caller's free balance.
    function placeOrder(
        address sellToken,
        address buyToken,
        uint256 sellAmount,
        uint256 minBuyAmount,
        uint64 deadline,
        uint8 kind
    ) external returns (uint256 orderId) {
        _debit(msg.sender, sellToken, sellAmount);
        return _placeOrder(Order(msg.sender, sellToken, buyToken, sellAmount, minBuyAmount, deadline, kind));
    }

    /// @notice Deposits `sellAmount` of `sellToken` (msg.value for NATIVE) and places an order
    /// that sells what arrived, in one transaction.
    function depositAndPlaceOrder(
        address sellToken,
        address buyToken,
        uint256 sellAmount,
        uint256 minBuyAmount,
        uint64 deadline,
        uint8 kind
    ) external payable nonReentrant returns (uint256 orderId) {
        uint256 credited = _pull(sellToken, sellAmount);
        emit Deposited(msg.sender, sellToken, credited);
        return _placeOrder(Order(msg.sender, sellToken, buyToken, credited, minBuyAmount, deadline, kind));
    }

    /// @notice Relays an order that the trader signed as EIP-712 typed data; it sells from
    /// the trader's free balance.
    function placeOrderSigned(SignedOrder calldata o, bytes calldata signature) external returns (uint256 orderId) {
        bytes32 structHash = keccak256(
            abi.encode(
                ORDER_TYPEHASH, o.trader, o.sellToken, o.buyToken, o.sellAmount, o.minBuyAmount, o.deadline, o.kind, o.nonce
            )
        );
        _useSignature(o.trader, o.nonce, structHash, signature);
        _debit(o.trader, o.sellToken, o.sellAmount);
        return _placeOrder(Order(o.trader, o.sellToken, o.buyToken, o.sellAmount, o.minBuyAmount, o.deadline, o.kind));
    }

    /// @notice Settles an open order: the operator pays `buyAmount` of buyToken from its
    /// inventory to the trader and receives the locked sell amount.
    function settle(uint256 orderId, Order calldata order, uint256 buyAmount) external onlyOperator {
        _settle(orderId, order, buyAmount);
    }

    /// @notice Settles several open orders in one transaction.
    function settleBatch(Fill[] calldata fills) external onlyOperator {
        for (uint256 i = 0; i < fills.length; ++i) {
            _settle(fills[i].orderId, fills[i].order, fills[i].buyAmount);
        }
    }

    /// @notice Cancels an open order and refunds the trader. An operator may cancel at any
    /// time; anyone may cancel once the deadline has passed.
    function cancel(uint256 orderId, Order calldata order) external {
        _cancel(orderId, order, isOperator[msg.sender]);
    }

    /// @notice Cancels several open orders in one transaction (same rules as cancel).
    function cancelBatch(OrderRef[] calldata refs) external {
        bool operator = isOperator[msg.sender];
        for (uint256 i = 0; i < refs.length; ++i) {
            _cancel(refs[i].orderId, refs[i].order, operator);
        }
    }

    /// @notice Marks one of the caller's signature nonces as used, voiding any signed order
    /// or withdrawal that carries it.
    function invalidateNonce(uint256 nonce) external {
        _useNonce(msg.sender, nonce);
    }

    /// @notice The hash stored for an open order, or zero when it is not open.
    function orderHash(uint256 orderId) external view returns (bytes32) {
        return _orderHashes[orderId];
    }

    /// @notice The hash an order is stored under.
    function hashOrder(Order calldata order) external pure returns (bytes32) {
        return keccak256(abi.encode(order));
    }

    /// @notice Whether `trader` has used signature nonce `nonce`.
    function nonceUsed(address trader, uint256 nonce) external view returns (bool) {
        return _nonceBitmap[trader][nonce >> 8] & (1 << (nonce & 0xff)) != 0;
    }

    /// @notice The EIP-712 domain separator: name "DTW", version "1", this chain, this contract.
    function domainSeparator() public view returns (bytes32) {
        return block.chainid == _cachedChainId ? _cachedDomainSeparator : _buildDomainSeparator();
    }

    // ---------------------------------------------------------------- internals

    function _placeOrder(Order memory o) private returns (uint256 orderId) {
        if (paused) revert IsPaused();
        if (o.sellToken == o.buyToken) revert SameToken();
        if (o.minBuyAmount == 0) revert ZeroAmount();
        if (o.deadline <= block.timestamp) revert DeadlinePassed();
        if (o.kind > KIND_LIMIT) revert BadKind(o.kind);
        orderId = nextOrderId;
        unchecked {
            nextOrderId = uint64(orderId + 1);
        }
        _orderHashes[orderId] = keccak256(abi.encode(o));
        emit OrderPlaced(orderId, o.trader, o.sellToken, o.buyToken, o.sellAmount, o.minBuyAmount, o.deadline, o.kind);
    }

    function _settle(uint256 orderId, Order calldata o, uint256 buyAmount) private {
        _closeOrder(orderId, o);
        if (block.timestamp > o.deadline) revert DeadlinePassed();
        if (buyAmount < o.minBuyAmount) revert BelowMinBuyAmount(buyAmount, o.minBuyAmount);
        _debit(msg.sender, o.buyToken, buyAmount);
        _balances[msg.sender][o.sellToken] += o.sellAmount;
        _balances[o.trader][o.buyToken] += buyAmount;
        emit OrderSettled(orderId, o.trader, msg.sender, o.sellToken, o.buyToken, o.sellAmount, buyAmount);
    }

    function _cancel(uint256 orderId, Order calldata o, bool operator) private {
        _closeOrder(orderId, o);
        if (!operator && block.timestamp <= o.deadline) revert DeadlineNotPassed();
        _balances[o.trader][o.sellToken] += o.sellAmount;
        emit OrderCancelled(orderId, o.trader, msg.sender, o.sellToken, o.sellAmount);
    }

    function _closeOrder(uint256 orderId, Order calldata o) private {
        bytes32 stored = _orderHashes[orderId];
        if (stored == bytes32(0) || stored != keccak256(abi.encode(o))) revert UnknownOrder(orderId);
        delete _orderHashes[orderId];
    }

    function _debit(address trader, address token, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        uint256 available = _balances[trader][token];
        if (available < amount) revert InsufficientBalance(token, available, amount);
        unchecked {
            _balances[trader][token] = available - amount;
        }
    }

    function _withdraw(address trader, address token, uint256 amount, address to) private {
        if (to == address(0)) revert ZeroAddress();
        _debit(trader, token, amount);
        emit Withdrawn(trader, token, amount, to);
        if (token == NATIVE) {
            (bool ok,) = to.call{value: amount}("");
            if (!ok) revert TransferFailed(token);
        } else {
            _callToken(token, abi.encodeWithSelector(0xa9059cbb, to, amount)); // transfer(address,uint256)
        }
    }

    /// @dev Pulls `amount` from the caller and returns what actually arrived.
    function _pull(address token, uint256 amount) private returns (uint256 received) {
        if (amount == 0) revert ZeroAmount();
        if (token == NATIVE) {
            if (msg.value != amount) revert BadValue();
            return amount;
        }
        if (msg.value != 0) revert BadValue();
        uint256 before = _tokenBalance(token);
        _callToken(token, abi.encodeWithSelector(0x23b872dd, msg.sender, address(this), amount)); // transferFrom
        received = _tokenBalance(token) - before;
        if (received == 0) revert ZeroAmount();
    }

    function _tokenBalance(address token) private view returns (uint256) {
        (bool ok, bytes memory data) = token.staticcall(abi.encodeWithSelector(0x70a08231, address(this))); // balanceOf
        if (!ok || data.length < 32) revert NotAToken(token);
        return abi.decode(data, (uint256));
    }

    /// @dev Calls a token and accepts both `true` and no return data (USDT style).
    function _callToken(address token, bytes memory data) private {
        if (token.code.length == 0) revert NotAToken(token);
        (bool ok, bytes memory ret) = token.call(data);
        if (!ok || (ret.length != 0 && (ret.length < 32 || !abi.decode(ret, (bool))))) revert TransferFailed(token);
    }

    function _useSignature(address trader, uint256 nonce, bytes32 structHash, bytes calldata signature) private {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
        if (!_validSignature(trader, digest, signature)) revert BadSignature();
        _useNonce(trader, nonce);
    }

    function _useNonce(address trader, uint256 nonce) private {
        uint256 bit = 1 << (nonce & 0xff);
        uint256 word = _nonceBitmap[trader][nonce >> 8];
        if (word & bit != 0) revert NonceAlreadyUsed(nonce);
        _nonceBitmap[trader][nonce >> 8] = word | bit;
        emit NonceUsed(trader, nonce);
    }

    /// @dev ECDSA (65 bytes, low s) for accounts without code; ERC-1271 for contract wallets.
    function _validSignature(address signer, bytes32 digest, bytes calldata signature) private view returns (bool) {
        if (signer == address(0)) return false;
        if (signer.code.length > 0) {
            (bool ok, bytes memory ret) =
                signer.staticcall(abi.encodeWithSelector(ERC1271_MAGIC, digest, signature)); // isValidSignature
            return ok && ret.length >= 32 && abi.decode(ret, (bytes32)) == bytes32(ERC1271_MAGIC);
        }
        if (signature.length != 65) return false;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if (uint256(s) > HALF_N || (v != 27 && v != 28)) return false;
        return ecrecover(digest, v, r, s) == signer;
    }

    function _buildDomainSeparator() private view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }
}
