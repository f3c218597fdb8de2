// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TetherStyleToken
/// @notice An ERC-20 with USDT's quirks, so wallet code is tested against them on a real chain:
/// - `transfer`, `transferFrom` and `approve` return nothing (the standard says `bool`); a caller that
///   decodes a `bool` from the return data fails on them.
/// - `approve` from a non-zero allowance to another non-zero allowance reverts: set it to zero first.
/// Written for local development only: it has an owner-only `mint` and was never audited.
contract TetherStyleToken {
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
    /// @notice USDT's rule: an existing non-zero allowance must be reset to zero before it changes.
    error AllowanceNotZero(address spender, uint256 allowance);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
        _mint(msg.sender, initialSupply);
    }

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function approve(address spender, uint256 value) external {
        uint256 current = allowance[msg.sender][spender];
        if (value != 0 && current != 0) revert AllowanceNotZero(spender, current);
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance(msg.sender, allowed, value);
            unchecked {
                allowance[from][msg.sender] = allowed - value;
            }
        }
        _transfer(from, to, value);
    }

    /// @notice Creates `value` new tokens for `to`. Only the deployer may call it.
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

    function _mint(address to, uint256 value) private {
        if (to == address(0)) revert InvalidReceiver(to);
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }
}
