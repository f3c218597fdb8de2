// The frame page's elements (pages.mjs writes them): each module looks up its own.

/**
 * The element with this id, which the frame page always has (the approval window has every panel but the passkey's).
 *
 * @param {string} id
 */
export const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id))
