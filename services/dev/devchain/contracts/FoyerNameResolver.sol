// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title FoyerNameResolver
/// @notice Serves the account names the Foyer data service registered to the standard ENS lookups of viem and
/// other clients: it answers the two calls of an ENS Universal Resolver (v3) that `getEnsName`, `getEnsAddress`,
/// `getEnsText` and `getEnsAvatar` make, from records its owner (the data service) writes. No registry, no
/// gateways, no ownership of names on chain: the service is the authority and this is its public mirror.
/// Local development only; never audited.
contract FoyerNameResolver {
    /// @dev `addr(bytes32)`, `addr(bytes32,uint256)` and `text(bytes32,string)`.
    bytes4 private constant ADDR = 0x3b3b57de;
    bytes4 private constant ADDR_COIN = 0xf1cb7e06;
    bytes4 private constant TEXT = 0x59d1d43c;
    /// @dev SLIP-44's Ethereum, and ENSIP-11's flag of the other EVM chains.
    uint256 private constant ETHEREUM_COIN_TYPE = 60;
    uint256 private constant EVM_COIN_TYPE_BIT = 0x80000000;

    struct Record {
        address account;
        string avatar;
    }

    /// @notice The data service's account: the only one that writes records.
    address public immutable owner;

    /// @dev By namehash.
    mapping(bytes32 => Record) private records;
    /// @dev An account's newest name, for reverse lookups.
    mapping(address => string) private reverseNames;

    event NameSet(bytes32 indexed node, string name, address indexed account);

    error NotOwner(address caller);
    error LengthMismatch();

    constructor() {
        owner = msg.sender;
    }

    /// @notice Writes names, oldest first: an account's reverse name becomes the last one given for it.
    /// @param nodes each name's namehash (ENSIP-1), computed by the caller
    function setNames(bytes32[] calldata nodes, string[] calldata names, address[] calldata accounts, string[] calldata avatars)
        external
    {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        uint256 count = nodes.length;
        if (names.length != count || accounts.length != count || avatars.length != count) revert LengthMismatch();
        for (uint256 i = 0; i < count; i++) {
            records[nodes[i]] = Record(accounts[i], avatars[i]);
            reverseNames[accounts[i]] = names[i];
            emit NameSet(nodes[i], names[i], accounts[i]);
        }
    }

    /// @notice Universal Resolver v3, forward: answers a resolver call (`addr`, `addr` by coin type, `text` for
    /// `avatar`) for the name the call's node names. Empty bytes for a name it does not know.
    /// @param data the resolver call; its first argument is the name's node
    function resolveWithGateways(bytes calldata, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory result, address resolver)
    {
        resolver = address(this);
        if (data.length < 36) return (result, resolver);
        bytes4 selector = bytes4(data[0:4]);
        Record storage record = records[bytes32(data[4:36])];
        if (record.account == address(0)) return (result, resolver);
        if (selector == ADDR) {
            result = abi.encode(record.account);
        } else if (selector == ADDR_COIN) {
            (, uint256 coinType) = abi.decode(data[4:], (bytes32, uint256));
            result = abi.encode(isEvmCoinType(coinType) ? abi.encodePacked(record.account) : bytes(""));
        } else if (selector == TEXT) {
            (, string memory key) = abi.decode(data[4:], (bytes32, string));
            result = abi.encode(keccak256(bytes(key)) == keccak256("avatar") ? record.avatar : "");
        }
    }

    /// @notice Universal Resolver v3, reverse: the newest name of an EVM account (`reverseName` is its 20 bytes),
    /// on any EVM coin type; an empty name when it has none.
    function reverseWithGateways(bytes calldata reverseName, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory name, address resolver, address reverseResolver)
    {
        if (reverseName.length != 20 || !isEvmCoinType(coinType)) return (name, resolver, reverseResolver);
        name = reverseNames[address(bytes20(reverseName))];
        if (bytes(name).length > 0) (resolver, reverseResolver) = (address(this), address(this));
    }

    function isEvmCoinType(uint256 coinType) private pure returns (bool) {
        return coinType == ETHEREUM_COIN_TYPE || (coinType > EVM_COIN_TYPE_BIT && coinType <= 0xffffffff);
    }
}
