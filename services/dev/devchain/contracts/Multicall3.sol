// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Multicall3
/// @notice Multicall3's read interface for Foyer's local chains: `aggregate3` (what viem and the blockchain API call)
/// and the helpers a batch reads beside it. Written for Foyer; the local stack installs its runtime code at
/// Multicall3's canonical address (0xcA11bde05977b3631167028862bE2a173976CA11) with anvil_setCode, where every
/// public network has the original.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Call number `index` failed and did not allow failure.
    error CallFailed(uint256 index);

    /// @notice Makes every call in order; a call that fails reverts the whole batch unless it allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert CallFailed(i);
            results[i] = Result(success, returnData);
        }
    }

    /// @notice The native balance of `account`, so a batch of token balances can carry it too.
    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }
}
