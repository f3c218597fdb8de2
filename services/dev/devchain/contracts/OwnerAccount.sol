// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title OwnerAccount
/// @notice The smallest smart account that signs (ERC-1271): a signature is valid when its owner's key signed the
/// hash. For Foyer's tests of smart-account signatures (names, sign-in); local development only, never audited.
contract OwnerAccount {
    bytes4 private constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant INVALID = 0xffffffff;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice ERC-1271: MAGIC_VALUE when `signature` is the owner's 65-byte ECDSA signature of `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return INVALID;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : INVALID;
    }
}

/// @title OwnerAccountFactory
/// @notice Deploys OwnerAccounts with CREATE2, so an account's address is known before it exists (what ERC-6492
/// signatures of undeployed accounts rely on).
contract OwnerAccountFactory {
    event AccountCreated(address indexed account, address indexed owner, bytes32 salt);

    /// @notice Deploys the owner's account for `salt`, or returns it when it exists already.
    function createAccount(address owner, bytes32 salt) external returns (address account) {
        account = accountAddress(owner, salt);
        if (account.code.length > 0) return account;
        new OwnerAccount{salt: salt}(owner);
        emit AccountCreated(account, owner, salt);
    }

    /// @notice The address `createAccount(owner, salt)` deploys to.
    function accountAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 initCode = keccak256(abi.encodePacked(type(OwnerAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCode)))));
    }
}
