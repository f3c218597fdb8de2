// The one Chromium every test, story and benchmark drives: Debian's (apt-get install -y chromium), never a browser
// Playwright downloads, with the flags that keep it offline and make it behave as Chrome ships.

/** Where Debian installs it; CHROMIUM_PATH names another. */
export const chromiumPath = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium'

/** Playwright adds --headless itself; these come after its own flags. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Even with the flags above, Chromium still resolves update.googleapis.com and accounts.google.com in the
  // background. Resolve nothing but loopback, so no page can reach the internet (a remote URL fails fast with
  // ERR_NAME_NOT_RESOLVED).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  // Storage partitioning on, as Chrome ships it: Playwright turns it off, which leaves a cross-site frame no
  // IndexedDB, where the wallet frame keeps this browser's key share (services/wallet/KEYS.md). Chromium takes the
  // last --disable-features, so this list is Playwright's own without ThirdPartyStoragePartitioning.
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
]
