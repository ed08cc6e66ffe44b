// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DTW: deposit, trade, withdraw.
/// @notice Traders deposit tokens the owner listed (or native ETH, token id address(0)) and
/// hold free balances. An order locks `sellAmount` of `sellToken` and asks for at least
/// `minBuyAmount` of `buyToken` before `deadline`, which is at most `maxOrderTTL` ahead.
/// Only an operator settles an order, from its own inventory in this contract. The
/// operator may cancel an open order at any time. The trader may request its cancellation
/// at any time: for CANCEL_GRACE an operator may still settle it, then anyone may cancel
/// it. After the deadline anyone may cancel it; every refund goes to the trader.
/// Withdrawals of free balances are never blocked, not by a pause nor by a delisting.
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

    /// @notice The longest order lifetime the owner may allow, and the default.
    uint32 public constant MAX_ORDER_TTL = 7 days;
    /// @notice How long after a trader's cancel request an operator may still settle the
    /// order; after it anyone may cancel it.
    uint64 public constant CANCEL_GRACE = 5 minutes;
    /// @notice Gas forwarded to a contract wallet's isValidSignature (ERC-1271).
    uint256 public constant ERC1271_GAS = 500_000;

    /// @notice Why a batch skipped an order (OrderSkipped): it is no longer open, its
    /// deadline has passed, or the grace period of its trader's cancel request is over.
    uint8 public constant SKIP_CLOSED = 1;
    uint8 public constant SKIP_EXPIRED = 2;
    uint8 public constant SKIP_CANCEL_REQUESTED = 3;

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

    /// @notice One settlement, packed to spare calldata: the open order `orderId` as placed
    /// and the amount of buyToken paid for it. The order id, deadline and kind ride in the
    /// high 96 bits of the address words; a value beyond its type (an id of 2**64 or more, a
    /// deadline of 2**64 or more, a kind above 255) never matches the stored order.
    struct Fill {
        /// @dev orderId << 160 | trader
        uint256 idAndTrader;
        /// @dev deadline << 160 | sellToken
        uint256 deadlineAndSellToken;
        /// @dev kind << 160 | buyToken
        uint256 kindAndBuyToken;
        uint256 sellAmount;
        uint256 minBuyAmount;
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

    /// @notice A gasless cancel request of the trader's order `orderId`, valid until
    /// `deadline`.
    struct SignedCancelRequest {
        address trader;
        uint256 orderId;
        uint256 nonce;
        uint64 deadline;
    }

    /// @notice A gasless invalidation of the trader's signature nonces: the bits of `mask`
    /// in bitmap word `word`, and every nonce below `minNonce` (when it raises the
    /// minimum). It uses its own `nonce` like any signed request.
    struct SignedNonceInvalidation {
        address trader;
        uint256 word;
        uint256 mask;
        uint256 minNonce;
        uint256 nonce;
        uint64 deadline;
    }

    /// @dev Per token: whether deposits and new orders are allowed, and what the contract
    /// owes for it (every free balance and locked sell amount).
    struct TokenState {
        uint248 liabilities;
        bool listed;
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
    /// @notice EIP-712 type hash of SignedCancelRequest.
    bytes32 public constant CANCEL_REQUEST_TYPEHASH =
        keccak256("CancelRequest(address trader,uint256 orderId,uint256 nonce,uint64 deadline)");
    /// @notice EIP-712 type hash of SignedNonceInvalidation.
    bytes32 public constant NONCE_INVALIDATION_TYPEHASH = keccak256(
        "NonceInvalidation(address trader,uint256 word,uint256 mask,uint256 minNonce,uint256 nonce,uint64 deadline)"
    );
    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e;
    uint256 private constant HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;
    /// @dev A trader's balance of a token lives at keccak256(abi.encode(trader, token ^
    /// BALANCES_SEED)): one hash instead of a nested mapping's two. The seed's high bits keep
    /// the second word apart from any mapping's slot number.
    uint256 private constant BALANCES_SEED = 0x044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493; // keccak256("DTW.balances")
    /// @dev Order ids are per trader, and an order's key, the storage slot of its hash, is
    /// keccak256(abi.encode(orderId << 160 | trader, w)): w = sellToken ^ ORDERS_SEED for an
    /// order placed directly, whose id is the count of the trader's earlier placements
    /// selling that token (kept above the balance, see BALANCE_MASK); w = RELAYED_SEED for a
    /// relayed order, whose id is RELAYED_ID | (nonce & NONCE_ID_MASK) and whose slot is
    /// also that nonce's: it stays nonzero (CLOSED) once the order is closed. Why keys never
    /// repeat: a direct key's (trader, sellToken, count) is taken once, as the count only
    /// grows (2**64 placements, each a transaction, are out of reach); a relayed key is
    /// taken only while its slot is zero, and it never is again; the second words of the
    /// two kinds differ (in their high 96 bits, also from a balance slot's and from every
    /// mapping's slot number), so no key of one kind is a key of another.
    uint256 private constant ORDERS_SEED = 0x390905a4c367d71609f049562f4131198bc4dbbfd05ec606a1ee4acf0cef7f35; // keccak256("DTW.orders")
    uint256 private constant RELAYED_SEED = ~ORDERS_SEED;
    /// @dev The id bit of a relayed order, and the nonce bits it keeps: ids stay below 2**63.
    uint256 private constant RELAYED_ID = 1 << 62;
    uint256 private constant NONCE_ID_MASK = RELAYED_ID - 1;
    /// @dev A balance slot holds the balance in its low 192 bits (every balance is within
    /// its token's liabilities, kept below 2**192) and, above, the number of orders its
    /// trader placed directly selling its token: a direct order's id.
    uint256 private constant BALANCE_MASK = (1 << 192) - 1;
    uint256 private constant PLACED_ONE = 1 << 192;
    /// @dev The most the contract may owe in one token.
    uint256 private constant MAX_LIABILITIES = BALANCE_MASK;
    /// @dev What a relayed order's slot (and a used nonce's) holds once closed; it never
    /// equals an order's hash or a hash XOR CANCEL_REQUESTED.
    bytes32 private constant CLOSED = bytes32(uint256(1));
    /// @dev XORed into an open order's stored hash once its trader requested a cancel.
    bytes32 private constant CANCEL_REQUESTED = bytes32(uint256(1));

    // Slot 0 packs what a placement reads.
    bool public paused;
    /// @notice The latest deadline a new order may have, in seconds after its placement.
    uint32 public maxOrderTTL;
    /// @notice The number of delisted tokens the contract still owes. While it is zero,
    /// every token anybody holds here is listed, so a placement needs no listing read.
    uint32 public delistedHeld;

    address public owner;
    address public pendingOwner;
    mapping(address operator => bool) public isOperator;
    mapping(uint256 orderKey => uint64) private _cancelAfter;
    /// @notice Every signature nonce of a trader below it is void.
    mapping(address trader => uint256) public minNonce;
    mapping(address token => TokenState) private _tokens;

    bool private transient _entered;

    uint256 private immutable _cachedChainId;
    bytes32 private immutable _cachedDomainSeparator;

    event Deposited(address indexed trader, address indexed token, uint256 amount);
    event Withdrawn(address indexed trader, address indexed token, uint256 amount, address to);
    /// @notice An order was placed: the whole order, its deadline and kind packed into the
    /// high 96 bits of the token words as a Fill takes them, its per-trader id above its
    /// sell amount (`orderId << 192 | sellAmount`; a data word costs 256 gas). Its key, the
    /// `orderKey` of the events that close it, is orderKey(orderId, trader, sellToken),
    /// not a topic (375 gas): an indexer derives it (see ORDERS_SEED).
    event OrderPlaced(
        address indexed trader,
        uint256 deadlineAndSellToken,
        uint256 kindAndBuyToken,
        uint256 idAndSellAmount,
        uint256 minBuyAmount
    );
    /// @notice An operator settled an order: it paid the order's trader `buyAmount` of the
    /// order's buyToken and took its whole sell amount. It carries only what an indexer
    /// cannot derive (each data word costs 256 gas): the trader, tokens and sell amount are
    /// OrderPlaced's of the same id (a settle is checked against the order's stored hash),
    /// and the operator is the caller, the transaction's sender.
    event OrderSettled(uint256 indexed orderKey, uint256 buyAmount);
    /// @notice An order was cancelled and its sell amount refunded. Only the order id is a
    /// topic (a topic costs 375 gas, a data word 256): follow a trader's orders by their
    /// OrderPlaced ids.
    event OrderCancelled(
        uint256 indexed orderKey, address trader, address canceller, address sellToken, uint256 sellAmount
    );
    /// @notice The trader asked to cancel an open order; anyone may cancel it after
    /// `cancelAfter`, an operator may settle it until then.
    event CancelRequested(uint256 indexed orderKey, address indexed trader, uint64 cancelAfter);
    /// @notice A batch left out an order it can no longer settle or cancel (a SKIP_ reason).
    event OrderSkipped(uint256 indexed orderKey, uint8 reason);
    event NonceUsed(address indexed trader, uint256 nonce);
    event NoncesInvalidated(address indexed trader, uint256 word, uint256 mask);
    event MinNonceSet(address indexed trader, uint256 minNonce);
    event TokenListed(address indexed token, bool listed);
    event Swept(address indexed token, address to, uint256 amount);
    event MaxOrderTTLSet(uint32 maxOrderTTL);
    event OperatorSet(address indexed operator, bool enabled);
    event PausedSet(bool paused);
    event OwnershipTransferStarted(address indexed owner, address indexed pendingOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner();
    error NotPendingOwner();
    error NotOperator();
    error NotOrderTrader(address trader);
    error IsPaused();
    error Reentrancy();
    error ZeroAmount();
    error ZeroAddress();
    error SameToken();
    error BadValue();
    error DeadlinePassed();
    error DeadlineNotPassed();
    error DeadlineTooFar(uint64 deadline, uint256 latest);
    error InsufficientBalance(address token, uint256 available, uint256 needed);
    error UnknownOrder(uint256 orderKey);
    error BelowMinBuyAmount(uint256 buyAmount, uint256 minBuyAmount);
    error CancelAlreadyRequested(uint256 orderKey);
    error CancelGraceOver(uint256 orderKey, uint64 cancelAfter);
    error CancelGraceNotOver(uint256 orderKey, uint64 cancelAfter);
    error BadSignature();
    error NonceAlreadyUsed(uint256 nonce);
    error NonceBelowMinimum(uint256 nonce, uint256 minNonce);
    error MinNonceNotRaised(uint256 minNonce, uint256 current);
    error TransferFailed(address token);
    error NotAToken(address token);
    error NotListed(address token);
    error NothingToSweep(address token);
    error AmountTooLarge();
    error BadTTL(uint256 ttl);
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

    /// @param owner_ the account that manages operators, listed tokens and the pause switch.
    constructor(address owner_) {
        if (owner_ == address(0)) revert ZeroAddress();
        owner = owner_;
        maxOrderTTL = MAX_ORDER_TTL;
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

    /// @notice Lists tokens (deposits and new orders allowed) or delists them (both stopped;
    /// withdrawals, settlements and cancellations go on).
    function setTokensListed(address[] calldata tokens, bool listed) external onlyOwner {
        for (uint256 i = 0; i < tokens.length; ++i) {
            address token = tokens[i];
            if (listed && token != NATIVE && token.code.length == 0) revert NotAToken(token);
            TokenState storage ts = _tokens[token];
            if (ts.listed != listed) {
                ts.listed = listed;
                if (ts.liabilities != 0) {
                    if (listed) --delistedHeld;
                    else ++delistedHeld;
                }
            }
            emit TokenListed(token, listed);
        }
    }

    /// @notice Sets the longest lifetime of new orders, at most MAX_ORDER_TTL.
    function setMaxOrderTTL(uint32 ttl) external onlyOwner {
        if (ttl == 0 || ttl > MAX_ORDER_TTL) revert BadTTL(ttl);
        maxOrderTTL = ttl;
        emit MaxOrderTTLSet(ttl);
    }

    /// @notice Sends `to` what the contract holds of `token` above what it owes: ETH forced
    /// on it, tokens transferred to it without a deposit. Never a trader's funds.
    /// @return amount the surplus swept.
    function sweep(address token, address to) external onlyOwner nonReentrant returns (uint256 amount) {
        if (to == address(0)) revert ZeroAddress();
        uint256 owed = _tokens[token].liabilities;
        uint256 held = _holdings(token);
        if (held <= owed) revert NothingToSweep(token);
        amount = held - owed;
        emit Swept(token, to, amount);
        _send(token, to, amount);
        // A token that takes more from the sender than it was told would eat into what is owed.
        if (_holdings(token) < owed) revert TransferFailed(token);
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

    /// @notice Deposits `amount` of a listed `token` (msg.value for NATIVE) and credits what
    /// arrived.
    /// @return credited the amount added to the caller's free balance.
    function deposit(address token, uint256 amount) external payable nonReentrant returns (uint256 credited) {
        credited = _pullListed(token, amount);
        _credit(msg.sender, token, credited); // just added to the liabilities, below 2**192
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
    function balanceOf(address trader, address token) external view returns (uint256 b) {
        uint256 slot = _balanceSlot(trader, token);
        assembly ("memory-safe") {
            b := and(sload(slot), BALANCE_MASK)
        }
    }

    /// @notice Whether `token` may be deposited and ordered.
    function isListed(address token) external view returns (bool) {
        return _tokens[token].listed;
    }

    /// @notice What the contract owes in `token`: every free balance and locked sell amount.
    function liabilities(address token) external view returns (uint256) {
        return _tokens[token].liabilities;
    }

    /// @notice What sweep would send of `token` now.
    function surplus(address token) external view returns (uint256) {
        uint256 owed = _tokens[token].liabilities;
        uint256 held = _holdings(token);
        return held > owed ? held - owed : 0;
    }

    // ---------------------------------------------------------------- orders

    /// @notice Places an order from the caller's free balance. The deadline and kind ride in
    /// the high 96 bits of the token words, as a Fill takes them: `deadline << 160 |
    /// sellToken` and `kind << 160 | buyToken` (two calldata words fewer).
    /// @dev placeOrder, named for its selector 0x000000a9 (see settle_dV6V10).
    function placeOrder_aIThfa(
        uint256 deadlineAndSellToken,
        uint256 kindAndBuyToken,
        uint256 sellAmount,
        uint256 minBuyAmount
    ) external returns (uint256 orderId) {
        address sellToken = address(uint160(deadlineAndSellToken));
        orderId = _debit(msg.sender, sellToken, sellAmount, PLACED_ONE);
        _placeOrder(
            _directKey(orderId << 160 | uint160(msg.sender), sellToken),
            orderId,
            msg.sender,
            sellToken,
            address(uint160(kindAndBuyToken)),
            sellAmount,
            minBuyAmount,
            deadlineAndSellToken >> 160,
            kindAndBuyToken >> 160
        );
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
        uint256 credited = _pullListed(sellToken, sellAmount);
        emit Deposited(msg.sender, sellToken, credited);
        // The order's id is counted in the sell token's balance slot, as placeOrder's.
        uint256 slot = _balanceSlot(msg.sender, sellToken);
        uint256 b = uint256(_sload(slot));
        _sstore(slot, bytes32(b + PLACED_ONE));
        orderId = b >> 192;
        _placeOrder(
            _directKey(orderId << 160 | uint160(msg.sender), sellToken),
            orderId,
            msg.sender,
            sellToken,
            buyToken,
            credited,
            minBuyAmount,
            deadline,
            kind
        );
    }

    /// @notice Relays an order that the trader signed as EIP-712 typed data; it sells from
    /// the trader's free balance.
    /// @dev placeOrderSigned, named for its selector 0x0000008d (see settle_dV6V10).
    function placeOrderSigned_0yx200(SignedOrder calldata o, bytes calldata signature)
        external
        returns (uint256 orderId)
    {
        bytes32 structHash = keccak256(
            abi.encode(
                ORDER_TYPEHASH, o.trader, o.sellToken, o.buyToken, o.sellAmount, o.minBuyAmount, o.deadline, o.kind, o.nonce
            )
        );
        bytes32 digest = _digest(structHash);
        if (!_validSignature(o.trader, digest, signature)) revert BadSignature();
        // The order's slot is its nonce's: taken only while zero, CLOSED once the order is.
        uint256 min = minNonce[o.trader];
        if (o.nonce < min) revert NonceBelowMinimum(o.nonce, min);
        uint256 key = _nonceSlot(o.trader, o.nonce);
        if (_sload(key) != 0) revert NonceAlreadyUsed(o.nonce);
        orderId = RELAYED_ID | (o.nonce & NONCE_ID_MASK);
        _debit(o.trader, o.sellToken, o.sellAmount, 0);
        _placeOrder(key, orderId, o.trader, o.sellToken, o.buyToken, o.sellAmount, o.minBuyAmount, o.deadline, o.kind);
    }

    /// @notice Settles an open order: the operator pays `buyAmount` of buyToken from its
    /// inventory to the trader and receives the locked sell amount.
    /// @dev settle, named for its selector 0x00000017: the dispatcher compares selectors one
    /// by one in ascending order, so the hottest entry point comes first (the Go bindings
    /// call it Settle).
    function settle_dV6V10(Fill calldata fill) external onlyOperator {
        uint256 p;
        assembly ("memory-safe") {
            p := fill
        }
        (uint256 key, address trader, address sellToken, address buyToken, uint256 sellAmount, uint256 buyAmount) =
            _closeFill(p, false);
        _debit(msg.sender, buyToken, buyAmount, 0);
        // Every balance and locked amount of a token is part of its liabilities, below 2**192:
        // a credit of one of them to another cannot overflow.
        _credit(msg.sender, sellToken, sellAmount);
        _credit(trader, buyToken, buyAmount);
        emit OrderSettled(key, buyAmount);
    }

    /// @notice Settles several open orders in one transaction. An order that can no longer
    /// be settled (closed, expired, or its cancel request's grace period over) is skipped
    /// with OrderSkipped; anything else wrong with a fill reverts the batch.
    /// @dev settleBatch, named for its selector 0x00007dcf (see settle_dV6V10).
    function settleBatch_Lk4000(Fill[] calldata fills) external onlyOperator {
        // The decoder checked that the fills lie within the calldata: walk them by pointer.
        uint256 p;
        uint256 end;
        assembly ("memory-safe") {
            p := fills.offset
            end := add(p, mul(fills.length, 0xc0))
        }
        // The operator's balances move once per run of fills that sell (proceeds) or buy
        // (paid) the same token; both are deltas added to storage when the run ends. A fill's
        // buy token is never its sell token, so when a payment is checked the pending
        // proceeds are of another token, and the stored balance less what is pending paid is
        // exactly what the operator holds; every credit between goes to storage.
        address proceedsToken;
        uint256 proceeds;
        address payToken;
        uint256 paySlot; // zero until the first payment (a balance slot is a hash)
        uint256 paid;
        for (; p < end;) {
            (uint256 key, address trader, address sellToken, address buyToken, uint256 sellAmount, uint256 buyAmount)
            = _closeFill(p, true);
            unchecked {
                p += 0xc0;
            }
            if (sellAmount == 0) continue; // skipped: every order sells a positive amount
            if (sellToken != proceedsToken) {
                if (proceeds != 0) _credit(msg.sender, proceedsToken, proceeds);
                (proceedsToken, proceeds) = (sellToken, 0);
            }
            if (buyToken != payToken || paySlot == 0) {
                if (paid != 0) _sstore(paySlot, bytes32(uint256(_sload(paySlot)) - paid));
                (payToken, paySlot, paid) = (buyToken, _balanceSlot(msg.sender, buyToken), 0);
            }
            // buyAmount >= minBuyAmount > 0: no ZeroAmount check needed.
            uint256 available = (uint256(_sload(paySlot)) & BALANCE_MASK) - paid;
            if (available < buyAmount) revert InsufficientBalance(buyToken, available, buyAmount);
            unchecked {
                paid += buyAmount; // at most the operator's balance
                proceeds += sellAmount; // locked amounts of one token, within its liabilities
            }
            _credit(trader, buyToken, buyAmount);
            emit OrderSettled(key, buyAmount);
        }
        if (proceeds != 0) _credit(msg.sender, proceedsToken, proceeds);
        if (paid != 0) _sstore(paySlot, bytes32(uint256(_sload(paySlot)) - paid));
    }

    /// @notice Cancels an open order and refunds the trader. An operator may cancel at any
    /// time; anyone may cancel once the deadline has passed, or once the grace period of the
    /// trader's cancel request is over.
    function cancel(uint256 orderId, Order calldata order) external {
        _cancel(orderId, order, isOperator[msg.sender], false);
    }

    /// @notice Cancels several open orders in one transaction (same rules as cancel). An
    /// order that is no longer open is skipped with OrderSkipped.
    function cancelBatch(OrderRef[] calldata refs) external {
        bool operator = isOperator[msg.sender];
        for (uint256 i = 0; i < refs.length; ++i) {
            _cancel(refs[i].orderId, refs[i].order, operator, true);
        }
    }

    /// @notice Requests the cancellation of the caller's open order: an operator may settle
    /// it for CANCEL_GRACE more, then anyone may cancel it (refunding the caller).
    function requestCancel(uint256 orderId, Order calldata order) external {
        if (msg.sender != order.trader) revert NotOrderTrader(order.trader);
        _requestCancel(orderId, order);
    }

    /// @notice Relays a cancel request that the trader signed as EIP-712 typed data.
    function requestCancelSigned(SignedCancelRequest calldata c, Order calldata order, bytes calldata signature)
        external
    {
        if (block.timestamp > c.deadline) revert DeadlinePassed();
        if (order.trader != c.trader) revert NotOrderTrader(order.trader);
        bytes32 structHash = keccak256(abi.encode(CANCEL_REQUEST_TYPEHASH, c.trader, c.orderId, c.nonce, c.deadline));
        _useSignature(c.trader, c.nonce, structHash, signature);
        _requestCancel(c.orderId, order);
    }

    /// @notice Marks one of the caller's signature nonces as used, voiding any signed request
    /// that carries it.
    function invalidateNonce(uint256 nonce) external {
        _useNonce(msg.sender, nonce);
    }

    /// @notice Marks the nonces of the caller whose bits are set in `mask`, in bitmap word
    /// `word` (nonces word * 256 to word * 256 + 255), as used.
    function invalidateNonces(uint256 word, uint256 mask) external {
        _invalidateNonces(msg.sender, word, mask);
    }

    /// @notice Voids every signature nonce of the caller below `minNonce_`, at once.
    function setMinNonce(uint256 minNonce_) external {
        uint256 current = minNonce[msg.sender];
        if (minNonce_ <= current) revert MinNonceNotRaised(minNonce_, current);
        _setMinNonce(msg.sender, minNonce_);
    }

    /// @notice Relays a nonce invalidation that the trader signed as EIP-712 typed data: the
    /// bits of `mask` in `word`, and the minimum nonce when it raises it.
    function invalidateNoncesSigned(SignedNonceInvalidation calldata n, bytes calldata signature) external {
        if (block.timestamp > n.deadline) revert DeadlinePassed();
        bytes32 structHash = keccak256(
            abi.encode(NONCE_INVALIDATION_TYPEHASH, n.trader, n.word, n.mask, n.minNonce, n.nonce, n.deadline)
        );
        _useSignature(n.trader, n.nonce, structHash, signature);
        if (n.mask != 0) _invalidateNonces(n.trader, n.word, n.mask);
        if (n.minNonce > minNonce[n.trader]) _setMinNonce(n.trader, n.minNonce);
    }

    /// @notice The hash of an open order (as hashOrder), or zero when it is not open (a
    /// closed relayed order's key holds CLOSED, 1).
    function orderHash(uint256 orderKey_) external view returns (bytes32 h) {
        h = _sload(orderKey_);
        if (_cancelAfter[orderKey_] != 0) h ^= CANCEL_REQUESTED;
    }

    /// @notice The key of `trader`'s order `orderId` selling `sellToken` (see ORDERS_SEED).
    function orderKey(uint256 orderId, address trader, address sellToken) external pure returns (uint256) {
        return _orderKey(orderId, trader, sellToken);
    }

    /// @notice When the grace period of an open order's cancel request ends (anyone may
    /// cancel it after this time), or zero when none was requested.
    function cancelAfter(uint256 orderKey_) external view returns (uint64) {
        return _cancelAfter[orderKey_];
    }

    /// @notice The hash an order is stored under.
    function hashOrder(Order calldata order) external pure returns (bytes32) {
        return _hashOrder(order);
    }

    /// @notice Whether `trader`'s signature nonce `nonce` can no longer be used: used,
    /// invalidated, or below the trader's minimum.
    function nonceUsed(address trader, uint256 nonce) external view returns (bool) {
        return nonce < minNonce[trader] || _sload(_nonceSlot(trader, nonce)) != 0;
    }

    /// @notice The EIP-712 domain separator: name "DTW", version "1", this chain, this contract.
    function domainSeparator() public view returns (bytes32) {
        return block.chainid == _cachedChainId ? _cachedDomainSeparator : _buildDomainSeparator();
    }

    // ---------------------------------------------------------------- internals

    /// @dev Checks and stores a new order whose sell amount the caller locked. The deadline
    /// and kind come unbounded from placeOrder's packed words: a deadline of 2**64 or more
    /// fails the TTL check (maxOrderTTL is a uint32), a kind above KIND_LIMIT BadKind.
    function _placeOrder(
        uint256 key,
        uint256 orderId,
        address trader,
        address sellToken,
        address buyToken,
        uint256 sellAmount,
        uint256 minBuyAmount,
        uint256 deadline,
        uint256 kind
    ) private {
        if (paused) revert IsPaused();
        if (sellToken == buyToken) revert SameToken();
        if (minBuyAmount == 0) revert ZeroAmount();
        if (deadline <= block.timestamp) revert DeadlinePassed();
        uint256 latest;
        unchecked {
            latest = block.timestamp + maxOrderTTL; // a uint32 added to a block's time
        }
        if (deadline > latest) revert DeadlineTooFar(deadline > type(uint64).max ? type(uint64).max : uint64(deadline), latest);
        if (kind > KIND_LIMIT) revert BadKind(kind > type(uint8).max ? type(uint8).max : uint8(kind));
        // While no delisted token is held, the sell token (held by the trader) is listed,
        // and an unlisted buy token can never be paid out: nobody holds any.
        if (delistedHeld != 0) {
            if (!_tokens[sellToken].listed) revert NotListed(sellToken);
            if (!_tokens[buyToken].listed) revert NotListed(buyToken);
        }
        uint256 deadlineAndSellToken = deadline << 160 | uint160(sellToken);
        uint256 kindAndBuyToken = kind << 160 | uint160(buyToken);
        _sstore(key, _hashFields(trader, sellToken, buyToken, sellAmount, minBuyAmount, deadline, kind));
        // sellAmount < 2**192: within its token's liabilities.
        emit OrderPlaced(trader, deadlineAndSellToken, kindAndBuyToken, orderId << 192 | sellAmount, minBuyAmount);
    }

    /// @dev Checks the Fill at calldata offset `p` and closes its order; the caller moves the
    /// balances. In a batch, an order that can no longer be settled is skipped (OrderSkipped,
    /// a zero sellAmount returned), not reverted.
    function _closeFill(uint256 p, bool batch)
        private
        returns (
            uint256 key,
            address trader,
            address sellToken,
            address buyToken,
            uint256 sellAmount,
            uint256 buyAmount
        )
    {
        uint256 idAndTrader;
        uint256 deadlineAndSellToken;
        uint256 kindAndBuyToken;
        assembly ("memory-safe") {
            idAndTrader := calldataload(p)
            deadlineAndSellToken := calldataload(add(p, 0x20))
            kindAndBuyToken := calldataload(add(p, 0x40))
        }
        sellToken = address(uint160(deadlineAndSellToken));
        // An id of 2**63 or more never keys a stored order: UnknownOrder, or skipped.
        bool relayed = (idAndTrader >> 160) & RELAYED_ID != 0;
        key = relayed ? _relayedKey(idAndTrader) : _directKey(idAndTrader, sellToken);
        bytes32 stored = _sload(key);
        if (uint256(stored) <= uint256(CLOSED) && batch) {
            _skip(key, SKIP_CLOSED);
            return (key, trader, sellToken, buyToken, 0, 0);
        }
        trader = address(uint160(idAndTrader));
        buyToken = address(uint160(kindAndBuyToken));
        uint256 deadline = deadlineAndSellToken >> 160;
        uint256 minBuyAmount;
        assembly ("memory-safe") {
            sellAmount := calldataload(add(p, 0x60))
            minBuyAmount := calldataload(add(p, 0x80))
            buyAmount := calldataload(add(p, 0xa0))
        }
        bytes32 h =
            _hashFields(trader, sellToken, buyToken, sellAmount, minBuyAmount, deadline, kindAndBuyToken >> 160);
        uint64 requested = _checkOrder(key, h, stored);
        if (block.timestamp > deadline) {
            if (batch) {
                _skip(key, SKIP_EXPIRED);
                return (key, trader, sellToken, buyToken, 0, 0);
            }
            revert DeadlinePassed();
        }
        if (requested != 0 && block.timestamp > requested) {
            if (batch) {
                _skip(key, SKIP_CANCEL_REQUESTED);
                return (key, trader, sellToken, buyToken, 0, 0);
            }
            revert CancelGraceOver(key, requested);
        }
        if (buyAmount < minBuyAmount) revert BelowMinBuyAmount(buyAmount, minBuyAmount);
        _close(key, requested, relayed);
    }

    function _cancel(uint256 orderId, Order calldata o, bool operator, bool batch) private {
        uint256 key = _orderKey(orderId, o.trader, o.sellToken);
        bytes32 stored = _sload(key);
        if (uint256(stored) <= uint256(CLOSED) && batch) return _skip(key, SKIP_CLOSED);
        uint64 requested = _checkOrder(key, _hashOrder(o), stored);
        if (!operator && block.timestamp <= o.deadline) {
            if (requested == 0) revert DeadlineNotPassed();
            if (block.timestamp <= requested) revert CancelGraceNotOver(key, requested);
        }
        _close(key, requested, orderId & RELAYED_ID != 0);
        _credit(o.trader, o.sellToken, o.sellAmount); // a locked amount
        emit OrderCancelled(key, o.trader, msg.sender, o.sellToken, o.sellAmount);
    }

    function _requestCancel(uint256 orderId, Order calldata o) private {
        uint256 key = _orderKey(orderId, o.trader, o.sellToken);
        bytes32 stored = _sload(key);
        if (_checkOrder(key, _hashOrder(o), stored) != 0) revert CancelAlreadyRequested(key);
        uint64 after_ = uint64(block.timestamp) + CANCEL_GRACE;
        _sstore(key, stored ^ CANCEL_REQUESTED);
        _cancelAfter[key] = after_;
        emit CancelRequested(key, o.trader, after_);
    }

    /// @dev Checks that the order hashed `h` is the open order stored as `stored` and returns
    /// the end of the grace period of its cancel request, zero when none was made. The flag
    /// bit keeps the cancelAfter slot unread on the path of orders without a request. CLOSED
    /// is h ^ CANCEL_REQUESTED only for h == 0, no hash's value.
    function _checkOrder(uint256 key, bytes32 h, bytes32 stored) private view returns (uint64 requested) {
        if (stored == h) return 0;
        if (stored == 0 || stored != h ^ CANCEL_REQUESTED) revert UnknownOrder(key);
        return _cancelAfter[key];
    }

    /// @dev keccak256(abi.encode(order)) of an order's fields, as placement stores it and a
    /// Fill is checked against it (hashOrder and _hashOrder give the same from calldata).
    /// One function for both: 15 gas more for a placement and 42 for a settle than two
    /// inlined copies, against 85 more for a placement hashing a memory Order.
    function _hashFields(address trader, address sellToken, address buyToken, uint256 sellAmount,
        uint256 minBuyAmount, uint256 deadline, uint256 kind) private pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, trader)
            mstore(add(m, 0x20), sellToken)
            mstore(add(m, 0x40), buyToken)
            mstore(add(m, 0x60), sellAmount)
            mstore(add(m, 0x80), minBuyAmount)
            mstore(add(m, 0xa0), deadline)
            mstore(add(m, 0xc0), kind)
            h := keccak256(m, 0xe0)
        }
    }

    /// @dev keccak256(abi.encode(o)) without decoding: an Order is static, so its calldata is
    /// its encoding. Dirty high bits in a field give another hash, hence UnknownOrder.
    function _hashOrder(Order calldata o) private pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let p := mload(0x40)
            calldatacopy(p, o, 224)
            h := keccak256(p, 224)
        }
    }

    /// @dev Closes an order: a direct order's slot is cleared (its key never comes again), a
    /// relayed order's holds CLOSED, so its nonce stays used.
    function _close(uint256 key, uint64 requested, bool relayed) private {
        _sstore(key, relayed ? CLOSED : bytes32(0));
        if (requested != 0) delete _cancelAfter[key];
    }

    function _skip(uint256 key, uint8 reason) private {
        emit OrderSkipped(key, reason);
    }

    /// @dev Debits `amount` from trader's balance of token, adding `placed` (PLACED_ONE or
    /// zero) to the count of orders placed from it, and returns the count before.
    function _debit(address trader, address token, uint256 amount, uint256 placed) private returns (uint256 count) {
        if (amount == 0) revert ZeroAmount();
        uint256 slot = _balanceSlot(trader, token);
        uint256 v;
        assembly ("memory-safe") {
            v := sload(slot)
        }
        uint256 available = v & BALANCE_MASK;
        if (available < amount) revert InsufficientBalance(token, available, amount);
        assembly ("memory-safe") {
            // available >= amount: no borrow from the count; the count never reaches 2**64.
            sstore(slot, add(sub(v, amount), placed))
        }
        return v >> 192;
    }

    /// @dev The key of a direct order (see ORDERS_SEED).
    function _directKey(uint256 idAndTrader, address sellToken) private pure returns (uint256 key) {
        assembly ("memory-safe") {
            mstore(0, idAndTrader)
            mstore(0x20, xor(sellToken, ORDERS_SEED))
            key := keccak256(0, 0x40)
        }
    }

    /// @dev The key of a relayed order (see ORDERS_SEED).
    function _relayedKey(uint256 idAndTrader) private pure returns (uint256 key) {
        assembly ("memory-safe") {
            mstore(0, idAndTrader)
            mstore(0x20, not(ORDERS_SEED)) // RELAYED_SEED
            key := keccak256(0, 0x40)
        }
    }

    /// @dev The key of trader's order orderId selling sellToken; ids of 2**63 or more are
    /// never placed and key nothing stored.
    function _orderKey(uint256 orderId, address trader, address sellToken) private pure returns (uint256) {
        if (orderId >> 63 != 0) return ORDERS_SEED; // an empty slot: UnknownOrder, or skipped
        uint256 idAndTrader = orderId << 160 | uint160(trader);
        return orderId & RELAYED_ID != 0 ? _relayedKey(idAndTrader) : _directKey(idAndTrader, sellToken);
    }

    /// @dev The slot of trader's signature nonce: the key of the relayed order that would
    /// carry it, CLOSED once the nonce is used.
    function _nonceSlot(address trader, uint256 nonce) private pure returns (uint256) {
        return _relayedKey((RELAYED_ID | (nonce & NONCE_ID_MASK)) << 160 | uint160(trader));
    }

    /// @dev Unchecked: every balance of a token is part of its liabilities (below 2**192), so a
    /// credit of an amount already owed cannot overflow.
    function _credit(address trader, address token, uint256 amount) private {
        uint256 slot = _balanceSlot(trader, token);
        assembly ("memory-safe") {
            sstore(slot, add(sload(slot), amount))
        }
    }

    /// @dev The storage slot of trader's balance of token.
    function _balanceSlot(address trader, address token) private pure returns (uint256 slot) {
        assembly ("memory-safe") {
            mstore(0, trader)
            mstore(0x20, xor(token, BALANCES_SEED))
            slot := keccak256(0, 0x40)
        }
    }

    function _sload(uint256 slot) private view returns (bytes32 v) {
        assembly ("memory-safe") {
            v := sload(slot)
        }
    }

    function _sstore(uint256 slot, bytes32 v) private {
        assembly ("memory-safe") {
            sstore(slot, v)
        }
    }

    function _withdraw(address trader, address token, uint256 amount, address to) private {
        if (to == address(0)) revert ZeroAddress();
        _debit(trader, token, amount, 0);
        TokenState storage ts = _tokens[token];
        uint248 left;
        unchecked {
            // What is owed covers every balance, so it covers amount.
            left = ts.liabilities - uint248(amount);
        }
        ts.liabilities = left;
        if (left == 0 && !ts.listed) --delistedHeld;
        emit Withdrawn(trader, token, amount, to);
        _send(token, to, amount);
    }

    function _send(address token, address to, uint256 amount) private {
        if (token == NATIVE) {
            (bool ok,) = to.call{value: amount}("");
            if (!ok) revert TransferFailed(token);
        } else {
            _callToken(token, abi.encodeWithSelector(0xa9059cbb, to, amount)); // transfer(address,uint256)
        }
    }

    /// @dev Pulls `amount` of a listed token from the caller, adds what arrived to what the
    /// contract owes and returns it.
    function _pullListed(address token, uint256 amount) private returns (uint256 received) {
        TokenState storage ts = _tokens[token];
        if (!ts.listed) revert NotListed(token);
        received = _pull(token, amount);
        uint256 owed = ts.liabilities + received;
        if (owed > MAX_LIABILITIES) revert AmountTooLarge();
        ts.liabilities = uint248(owed);
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

    function _holdings(address token) private view returns (uint256) {
        return token == NATIVE ? address(this).balance : _tokenBalance(token);
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
        if (!_validSignature(trader, _digest(structHash), signature)) revert BadSignature();
        _useNonce(trader, nonce);
    }

    /// @dev The EIP-712 digest of a struct hash in this contract's domain.
    function _digest(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    /// @dev Uses a nonce of a signed request other than an order, or voids it: its slot (a
    /// relayed order's, see _nonceSlot) must be empty and becomes CLOSED.
    function _useNonce(address trader, uint256 nonce) private {
        uint256 min = minNonce[trader];
        if (nonce < min) revert NonceBelowMinimum(nonce, min);
        uint256 slot = _nonceSlot(trader, nonce);
        if (_sload(slot) != 0) revert NonceAlreadyUsed(nonce);
        _sstore(slot, CLOSED);
        emit NonceUsed(trader, nonce);
    }

    /// @dev Voids the nonces word * 256 + i for each bit i of mask: each empty slot becomes
    /// CLOSED (22,100 gas a nonce), a used one stays (an open relayed order keeps its hash).
    /// Words of 2**248 or more hold no nonce.
    function _invalidateNonces(address trader, uint256 word, uint256 mask) private {
        if (word >> 248 == 0) {
            for (uint256 i = 0; mask >> i != 0; ++i) {
                if ((mask >> i) & 1 == 0) continue;
                uint256 slot = _nonceSlot(trader, word << 8 | i);
                if (_sload(slot) == 0) _sstore(slot, CLOSED);
            }
        }
        emit NoncesInvalidated(trader, word, mask);
    }

    function _setMinNonce(address trader, uint256 minNonce_) private {
        minNonce[trader] = minNonce_;
        emit MinNonceSet(trader, minNonce_);
    }

    /// @dev A 65-byte low-s ECDSA signature of the signer itself first (any account that
    /// holds its key, EIP-7702-delegated EOAs included), then ERC-1271 for accounts with
    /// code, with bounded gas and at most 32 bytes of return data read.
    function _validSignature(address signer, bytes32 digest, bytes calldata signature) private view returns (bool) {
        if (signer == address(0)) return false;
        if (signature.length == 65) {
            bytes32 r = bytes32(signature[0:32]);
            bytes32 s = bytes32(signature[32:64]);
            uint8 v = uint8(signature[64]);
            if (v < 27) v += 27;
            if (uint256(s) <= HALF_N && (v == 27 || v == 28) && ecrecover(digest, v, r, s) == signer) return true;
        }
        if (signer.code.length == 0) return false;
        bytes memory data = abi.encodeWithSelector(ERC1271_MAGIC, digest, signature); // isValidSignature
        bool ok;
        bytes32 ret;
        assembly ("memory-safe") {
            ok := staticcall(ERC1271_GAS, signer, add(data, 32), mload(data), 0, 32)
            ret := mload(0)
            if lt(returndatasize(), 32) { ok := 0 }
        }
        return ok && ret == bytes32(ERC1271_MAGIC);
    }

    function _buildDomainSeparator() private view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }
}
