// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice The receiver hook of ERC-721, as the standard defines it.
interface ERC721TokenReceiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// @title FixtureNft
/// @notice A minimal ERC-721 (with the metadata extension) for Foyer's local chains and tests. Tokens 1-3 go to
/// the deployer; each token's metadata is an on-chain data: URI with a generated SVG image, so nothing is fetched
/// from the network. Written for local development only: it has an owner-only `mint` and was never audited.
contract FixtureNft {
    string public constant name = "Foyer Fixture";
    string public constant symbol = "FOYR";
    /// @notice The deployer; the only address allowed to mint.
    address public immutable owner;
    /// @notice The id the next `mint` gives out.
    uint256 public nextTokenId = 1;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NonexistentToken(uint256 tokenId);
    error InvalidOwner(address owner);
    error InvalidReceiver(address to);
    error IncorrectOwner(address from, uint256 tokenId, address owner);
    error NotAuthorized(address caller, uint256 tokenId);
    error NotOwner(address caller);

    constructor() {
        owner = msg.sender;
        for (uint256 i = 0; i < 3; i++) {
            _mint(msg.sender);
        }
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f; // ERC-721 metadata
    }

    function balanceOf(address account) external view returns (uint256) {
        if (account == address(0)) revert InvalidOwner(account);
        return _balances[account];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address tokenOwner = _owners[tokenId];
        if (tokenOwner == address(0)) revert NonexistentToken(tokenId);
        return tokenOwner;
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return _tokenApprovals[tokenId];
    }

    function isApprovedForAll(address tokenOwner, address operator) public view returns (bool) {
        return _operatorApprovals[tokenOwner][operator];
    }

    function approve(address approved, uint256 tokenId) external {
        address tokenOwner = ownerOf(tokenId);
        if (msg.sender != tokenOwner && !isApprovedForAll(tokenOwner, msg.sender)) {
            revert NotAuthorized(msg.sender, tokenId);
        }
        _tokenApprovals[tokenId] = approved;
        emit Approval(tokenOwner, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address tokenOwner = ownerOf(tokenId);
        if (tokenOwner != from) revert IncorrectOwner(from, tokenId, tokenOwner);
        if (to == address(0)) revert InvalidReceiver(to);
        if (
            msg.sender != tokenOwner && msg.sender != _tokenApprovals[tokenId]
                && !isApprovedForAll(tokenOwner, msg.sender)
        ) revert NotAuthorized(msg.sender, tokenId);

        delete _tokenApprovals[tokenId];
        unchecked {
            _balances[from] -= 1;
        }
        _balances[to] += 1;
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length == 0) return;
        try ERC721TokenReceiver(to).onERC721Received(msg.sender, from, tokenId, data) returns (bytes4 answer) {
            if (answer != ERC721TokenReceiver.onERC721Received.selector) revert InvalidReceiver(to);
        } catch {
            revert InvalidReceiver(to);
        }
    }

    /// @notice Mints the next token id to `to`. Only the deployer may call it.
    function mint(address to) external returns (uint256) {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        return _mint(to);
    }

    /// @notice `data:application/json;base64,…` with a name, a description and a generated SVG image.
    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory id = _toString(tokenId);
        string memory json = string.concat(
            '{"name":"Foyer Fixture #',
            id,
            '","description":"A token on Foyer\'s local development chain.","image":"data:image/svg+xml;base64,',
            _base64(bytes(_svg(tokenId, id))),
            '"}'
        );
        return string.concat("data:application/json;base64,", _base64(bytes(json)));
    }

    function _mint(address to) private returns (uint256 tokenId) {
        if (to == address(0)) revert InvalidReceiver(to);
        tokenId = nextTokenId++;
        _owners[tokenId] = to;
        _balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    /// A square in a colour picked from the id, with the id written on it.
    function _svg(uint256 tokenId, string memory id) private pure returns (string memory) {
        string memory hue = _toString((tokenId * 137) % 360);
        return string.concat(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 96'>",
            "<rect width='96' height='96' rx='16' fill='hsl(",
            hue,
            ",65%,50%)'/><text x='48' y='60' font-family='sans-serif' font-size='32' text-anchor='middle' fill='#fff'>#",
            id,
            "</text></svg>"
        );
    }

    function _toString(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 rest = value; rest != 0; rest /= 10) digits++;
        bytes memory out = new bytes(digits);
        while (value != 0) {
            digits--;
            out[digits] = bytes1(uint8(48 + (value % 10)));
            value /= 10;
        }
        return string(out);
    }

    /// Standard base64 (RFC 4648, with padding).
    function _base64(bytes memory data) private pure returns (string memory) {
        bytes memory alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        bytes memory out = new bytes(4 * ((data.length + 2) / 3));
        uint256 j;
        for (uint256 i = 0; i < data.length; i += 3) {
            uint256 chunk = uint256(uint8(data[i])) << 16;
            if (i + 1 < data.length) chunk |= uint256(uint8(data[i + 1])) << 8;
            if (i + 2 < data.length) chunk |= uint256(uint8(data[i + 2]));
            out[j++] = alphabet[(chunk >> 18) & 63];
            out[j++] = alphabet[(chunk >> 12) & 63];
            out[j++] = i + 1 < data.length ? alphabet[(chunk >> 6) & 63] : bytes1("=");
            out[j++] = i + 2 < data.length ? alphabet[chunk & 63] : bytes1("=");
        }
        return string(out);
    }
}
