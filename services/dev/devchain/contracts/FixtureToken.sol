// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title FixtureToken
/// @notice A plain ERC-20 for Foyer's local chains and tests (deployed as "USD Coin" / USDC, 6 decimals).
/// Written for local development only: it has an owner-only `mint` and was never audited.
contract FixtureToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    /// @notice The deployer; the only address allowed to mint.
    address public immutable owner;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(address from, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error InvalidReceiver(address to);
    error NotOwner(address caller);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
        _mint(msg.sender, initialSupply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spendAllowance(from, msg.sender, value);
        _transfer(from, to, value);
        return true;
    }

    /// @notice Creates `value` new tokens for `to`. Only the deployer may call it (tests top up accounts with it).
    function mint(address to, uint256 value) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _mint(to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        if (to == address(0)) revert InvalidReceiver(to);
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _spendAllowance(address from, address spender, uint256 value) private {
        uint256 allowed = allowance[from][spender];
        // The maximum allowance means "unlimited" and is never decreased, as most tokens do.
        if (allowed == type(uint256).max) return;
        if (allowed < value) revert InsufficientAllowance(spender, allowed, value);
        unchecked {
            allowance[from][spender] = allowed - value;
        }
    }

    function _mint(address to, uint256 value) private {
        if (to == address(0)) revert InvalidReceiver(to);
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }
}
