// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title AggregatorV3Interface: the read side of a Chainlink price feed, as the gateway
/// reads it.
interface AggregatorV3Interface {
    function decimals() external view returns (uint8);
    function description() external view returns (string memory);
    function version() external view returns (uint256);
    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}

/// @title DevnetAggregator: an AggregatorV3Interface feed whose answer its owner sets, for
/// devnets and tests.
/// @notice Each `setAnswer` starts a new round at block.timestamp; every round stays
/// readable through `getRoundData`. A real Chainlink feed and this one read the same.
contract DevnetAggregator is AggregatorV3Interface {
    struct Round {
        int256 answer;
        uint64 updatedAt;
    }

    /// @notice The account allowed to set answers.
    address public immutable owner;
    /// @inheritdoc AggregatorV3Interface
    uint8 public immutable override decimals;
    /// @inheritdoc AggregatorV3Interface
    string public override description;
    /// @notice The id of the newest round (the first is 1).
    uint80 public latestRound;

    mapping(uint80 => Round) private rounds;

    /// @notice A new round was started (same shape as Chainlink's AnswerUpdated).
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    /// @notice The caller is not the owner.
    error NotOwner();
    /// @notice The round does not exist.
    error NoDataPresent();

    constructor(uint8 decimals_, string memory description_, int256 initialAnswer) {
        owner = msg.sender;
        decimals = decimals_;
        description = description_;
        _setAnswer(initialAnswer);
    }

    /// @inheritdoc AggregatorV3Interface
    function version() external pure override returns (uint256) {
        return 4;
    }

    /// @notice Starts a new round with `answer` at block.timestamp. Owner only.
    function setAnswer(int256 answer) external {
        if (msg.sender != owner) revert NotOwner();
        _setAnswer(answer);
    }

    /// @inheritdoc AggregatorV3Interface
    function getRoundData(uint80 roundId)
        public
        view
        override
        returns (uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory r = rounds[roundId];
        if (r.updatedAt == 0) revert NoDataPresent();
        return (roundId, r.answer, r.updatedAt, r.updatedAt, roundId);
    }

    /// @inheritdoc AggregatorV3Interface
    function latestRoundData()
        external
        view
        override
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return getRoundData(latestRound);
    }

    function _setAnswer(int256 answer) private {
        uint80 id = latestRound + 1;
        latestRound = id;
        rounds[id] = Round(answer, uint64(block.timestamp));
        emit AnswerUpdated(answer, id, block.timestamp);
    }
}
