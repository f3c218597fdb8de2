// The social callback page's script (served at /social/callback.js): hands the page's URL, the provider's result
// with its code, to the window that opened the popup, addressed to the embedding origin that started the sign-in
// (the server wrote it into the page from its own records, never from the URL). The host checks that the message
// comes from the wallet's origin, closes the popup and gives the URL to the frame, which exchanges the code.
;(() => {
  'use strict'
  const hostOrigin = document.querySelector('meta[name="foyer-host-origin"]')?.getAttribute('content')
  if (!hostOrigin || !window.opener) return
  window.opener.postMessage({ type: 'FOYER_SOCIAL_RESULT', resultUri: location.href }, hostOrigin)
})()
