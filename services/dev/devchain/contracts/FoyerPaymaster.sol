// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/core/BasePaymaster.sol";
import "@account-abstraction/contracts/core/Helpers.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @title FoyerPaymaster
/// @notice A verifying paymaster (ERC-4337, EntryPoint v0.8): it pays for a user operation its off-chain signer
/// vouched for. The wallet service signs only operations its host's sponsorship policy allows
/// (docs/sponsored-gas.md); this contract checks nothing else, so the signer's key is what guards the deposit.
/// paymasterAndData: paymaster (20) ‖ verification gas (16) ‖ postOp gas (16) ‖ validUntil (6) ‖ validAfter (6) ‖
/// the signer's 65-byte signature of sponsorshipHash, as an Ethereum signed message.
/// Foyer's local chains deploy it; local development only, never audited.
contract FoyerPaymaster is BasePaymaster {
    /// @notice The key whose signature makes this paymaster pay.
    address public immutable verifyingSigner;

    uint256 private constant VALIDITY_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 private constant SIGNATURE_OFFSET = VALIDITY_OFFSET + 12;

    /// @param anEntryPoint the EntryPoint v0.8 it pays through
    /// @param signer the sponsorship service's key
    /// @param owner_ who may withdraw the deposit (the deployer is a CREATE2 proxy, so ownership is handed over here)
    constructor(IEntryPoint anEntryPoint, address signer, address owner_) BasePaymaster(anEntryPoint) {
        verifyingSigner = signer;
        _transferOwnership(owner_);
    }

    /// @notice What the signer signs: every field of the operation but its signatures, the paymaster's gas limits,
    /// the validity window, this paymaster and the chain, so a signature pays for this one operation only.
    function sponsorshipHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter)
        public
        view
        returns (bytes32)
    {
        bytes32 operation = keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                bytes32(userOp.paymasterAndData[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET]),
                userOp.preVerificationGas,
                userOp.gasFees
            )
        );
        return keccak256(abi.encode(operation, block.chainid, address(this), validUntil, validAfter));
    }

    /// @notice The validity window and signature in an operation's paymasterAndData.
    function parsePaymasterData(bytes calldata paymasterAndData)
        public
        pure
        returns (uint48 validUntil, uint48 validAfter, bytes calldata signature)
    {
        validUntil = uint48(bytes6(paymasterAndData[VALIDITY_OFFSET:VALIDITY_OFFSET + 6]));
        validAfter = uint48(bytes6(paymasterAndData[VALIDITY_OFFSET + 6:SIGNATURE_OFFSET]));
        signature = paymasterAndData[SIGNATURE_OFFSET:];
    }

    /// A wrong signature is reported in the validation data, not reverted, so gas estimation with a stand-in
    /// signature runs the same code as the real operation.
    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        internal
        view
        override
        returns (bytes memory context, uint256 validationData)
    {
        (uint48 validUntil, uint48 validAfter, bytes calldata signature) = parsePaymasterData(userOp.paymasterAndData);
        bytes32 digest = MessageHashUtils.toEthSignedMessageHash(sponsorshipHash(userOp, validUntil, validAfter));
        (address signer, ECDSA.RecoverError failure,) = ECDSA.tryRecover(digest, signature);
        bool rejected = failure != ECDSA.RecoverError.NoError || signer != verifyingSigner;
        return ("", _packValidationData(rejected, validUntil, validAfter));
    }
}
