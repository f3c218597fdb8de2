// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/accounts/SimpleAccount.sol";
import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/utils/Create2.sol";

/// @title FoyerAccount
/// @notice eth-infinitism's SimpleAccount v0.8 (ERC-4337, one owner key) that also signs as itself (ERC-1271).
/// The owner signs an EIP-712 `FoyerAccountMessage(bytes32 hash)` whose domain names this account and its chain, so
/// a signature made for one account (or one chain) is not valid for another account of the same owner.
/// The embedded wallet's smart account on Foyer's local chains; local development only, never audited.
contract FoyerAccount is SimpleAccount, IERC1271 {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("FoyerAccountMessage(bytes32 hash)");

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /// @notice What the owner signs for `hash`: the EIP-712 digest of FoyerAccountMessage(hash) in this account's domain.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domainSeparator = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("FoyerAccount"), keccak256("1"), block.chainid, address(this))
        );
        return MessageHashUtils.toTypedDataHash(domainSeparator, keccak256(abi.encode(MESSAGE_TYPEHASH, hash)));
    }

    /// @notice ERC-1271: the magic value when the owner signed `replaySafeHash(hash)` (a 65-byte ECDSA signature).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        return error == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}

/// @title FoyerAccountFactory
/// @notice Deploys FoyerAccounts as ERC-1967 proxies with CREATE2, like SimpleAccountFactory, so an account's address
/// is known before it exists. Unlike SimpleAccountFactory v0.8, anyone may call createAccount, not only the
/// EntryPoint's SenderCreator: an ERC-6492 verifier deploys the account inside an eth_call, and the address already
/// binds the owner, so whoever deploys it deploys the same account that only its owner controls.
contract FoyerAccountFactory {
    FoyerAccount public immutable accountImplementation;

    constructor(IEntryPoint anEntryPoint) {
        accountImplementation = new FoyerAccount(anEntryPoint);
    }

    /// @notice Deploys the owner's account for `salt`, or returns it when it exists already.
    function createAccount(address owner, uint256 salt) external returns (FoyerAccount account) {
        address existing = getAddress(owner, salt);
        if (existing.code.length > 0) return FoyerAccount(payable(existing));
        account = FoyerAccount(payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), _initCall(owner))));
    }

    /// @notice The address `createAccount(owner, salt)` deploys to.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes memory creation = abi.encodePacked(type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), _initCall(owner)));
        return Create2.computeAddress(bytes32(salt), keccak256(creation));
    }

    function _initCall(address owner) private pure returns (bytes memory) {
        return abi.encodeCall(SimpleAccount.initialize, (owner));
    }
}
