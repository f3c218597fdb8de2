// The modal's stylesheet. It lives inside the shadow root, so host CSS cannot reach it and it
// cannot leak; every colour and size comes from the --foyer-* theme variables.
export const styles = /* css */ `
:host { all: initial; }
/* One spacing and type scale for every view: --f-space-1…5 are 4, 8, 12, 16, 24 px; text is 12, 14, 15, 16 or 20 px. */
.f-root { --f-space-1: 4px; --f-space-2: 8px; --f-space-3: 12px; --f-space-4: 16px; --f-space-5: 24px;
  --f-text-xs: 12px; --f-text-s: 14px; --f-text-m: 15px; --f-text-l: 16px; --f-text-xl: 20px; --f-control: 44px;
  --f-radius-s: calc(var(--foyer-radius) / 1.6);
  font-family: var(--foyer-font); color: var(--foyer-foreground); font-size: var(--f-text-m); line-height: 1.4; }
.f-root *, .f-root *::before, .f-root *::after { box-sizing: border-box; }
.f-overlay { position: fixed; inset: 0; z-index: var(--foyer-z-index); background: var(--foyer-overlay);
  display: flex; align-items: center; justify-content: center; padding: 16px; animation: f-fade .15s ease-out; }
.f-dialog { position: relative; width: 100%; max-width: 380px; max-height: min(640px, calc(100vh - 32px)); overflow: auto;
  background: var(--foyer-background); border: 1px solid var(--foyer-border); border-radius: var(--foyer-radius);
  box-shadow: 0 16px 48px rgba(0,0,0,.25); animation: f-rise .18s ease-out; outline: none; }
.f-inline .f-dialog { animation: none; box-shadow: none; max-height: none; }
.f-shake { animation: f-shake .5s ease-in-out; }
.f-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px 12px 4px; }
.f-title { margin: 0; font-size: var(--f-text-l); font-weight: 600; text-align: center; }
.f-body { padding: 8px 16px 16px; display: flex; flex-direction: column; gap: var(--f-space-2); }
.f-footer { padding: 0 16px 12px; text-align: center; font-size: var(--f-text-xs); color: var(--foyer-muted-foreground); }
.f-icon-button { width: 36px; height: 36px; border-radius: 50%; border: 0; background: transparent; color: inherit;
  display: inline-flex; align-items: center; justify-content: center; cursor: pointer; }
.f-icon-button:hover { background: var(--foyer-surface-hover); }
/* Right to left, back points right (the first header button is back). */
.f-root[dir=rtl] .f-header > .f-icon-button:first-child svg { transform: scaleX(-1); }
.f-button { display: inline-flex; align-items: center; justify-content: center; gap: var(--f-space-2); min-height: 44px; padding: 0 16px;
  border-radius: calc(var(--foyer-radius) / 1.6); border: 1px solid transparent; font: inherit; font-weight: 600; cursor: pointer; width: 100%; }
.f-button-primary { background: var(--foyer-accent); color: var(--foyer-accent-foreground); }
.f-button-secondary { background: var(--foyer-surface); color: var(--foyer-foreground); border-color: var(--foyer-border); }
.f-button-danger { background: transparent; color: var(--foyer-danger); border-color: var(--foyer-border); }
.f-button:disabled { opacity: .6; cursor: default; }
.f-input { width: 100%; min-height: 44px; padding: 0 14px; border-radius: calc(var(--foyer-radius) / 1.6); border: 1px solid var(--foyer-border);
  background: var(--foyer-surface); color: var(--foyer-foreground); font: inherit; }
.f-field { display: flex; flex-direction: column; gap: var(--f-space-1); width: 100%; text-align: start; }
.f-label { font-size: var(--f-text-s); font-weight: 600; color: var(--foyer-muted-foreground); }
.f-picker { display: flex; align-items: center; gap: var(--f-space-2); width: 100%; min-height: var(--f-control); padding: var(--f-space-1) var(--f-space-3);
  border-radius: var(--f-radius-s); border: 1px solid var(--foyer-border); background: var(--foyer-surface); color: inherit; font: inherit;
  text-align: start; cursor: pointer; }
.f-picker:disabled { opacity: .6; cursor: default; }
.f-picker[aria-expanded=true] { border-color: var(--foyer-accent); }
.f-picker-value { flex: 1; min-width: 0; }
.f-picker-chevron { flex: none; color: var(--foyer-muted-foreground); }
.f-picker[aria-expanded=true] .f-picker-chevron { transform: rotate(180deg); }
.f-picker-panel { display: flex; flex-direction: column; gap: var(--f-space-2); padding: var(--f-space-2); border-radius: var(--f-radius-s);
  border: 1px solid var(--foyer-border); background: var(--foyer-background); }
.f-picker-list { margin: 0; padding: 0; list-style: none; max-height: 240px; overflow-y: auto; }
.f-picker-option { display: flex; align-items: center; min-height: var(--f-control); padding: var(--f-space-1) var(--f-space-2);
  border-radius: var(--f-radius-s); cursor: pointer; }
.f-picker-option[data-active] { background: var(--foyer-surface-hover); }
.f-picker-option[aria-selected=true] { font-weight: 600; box-shadow: inset 3px 0 var(--foyer-accent); }
.f-token { display: flex; align-items: center; gap: var(--f-space-2); min-width: 0; }
.f-token-text { display: flex; flex-direction: column; min-width: 0; line-height: 1.25; overflow-wrap: anywhere; }
.f-token-symbol { font-weight: 600; }
.f-token-detail { font-size: var(--f-text-xs); color: var(--foyer-muted-foreground); }
.f-token-amount { margin-inline-start: auto; text-align: end; font-variant-numeric: tabular-nums; }
.f-amount { display: flex; align-items: center; gap: var(--f-space-2); min-height: 52px; padding: 0 var(--f-space-2) 0 var(--f-space-3);
  border-radius: var(--f-radius-s); border: 1px solid var(--foyer-border); background: var(--foyer-surface); }
.f-amount:focus-within { border-color: var(--foyer-accent); }
.f-amount[data-invalid] { border-color: var(--foyer-danger); }
.f-amount-input { flex: 1; width: 0; min-width: 0; min-height: var(--f-control); border: 0; background: transparent; color: inherit;
  font: inherit; font-size: var(--f-text-xl); font-weight: 600; font-variant-numeric: tabular-nums; }
.f-root .f-amount-input:focus-visible { outline: none; }
.f-amount-max { flex: none; min-width: 44px; min-height: 32px; padding: 0 var(--f-space-3); border-radius: 999px; border: 1px solid var(--foyer-border);
  background: var(--foyer-background); color: var(--foyer-accent); font: inherit; font-size: var(--f-text-s); font-weight: 700; cursor: pointer; }
.f-amount-max:disabled { opacity: .55; cursor: default; }
.f-amount-line { display: flex; justify-content: space-between; gap: var(--f-space-2); margin: 0; font-size: var(--f-text-s);
  color: var(--foyer-muted-foreground); }
.f-actions { display: grid; grid-template-columns: repeat(auto-fit, minmax(88px, 1fr)); gap: var(--f-space-2); }
.f-actions .f-button { padding: var(--f-space-1) var(--f-space-2); font-size: var(--f-text-s); line-height: 1.2; overflow-wrap: anywhere; }
.f-list { display: flex; flex-direction: column; gap: var(--f-space-2); margin: 0; padding: 0; list-style: none; }
.f-list-item { display: flex; align-items: center; gap: var(--f-space-3); width: 100%; min-height: 56px; padding: 8px 12px; text-align: start;
  border-radius: calc(var(--foyer-radius) / 1.6); border: 1px solid transparent; background: var(--foyer-surface);
  color: inherit; font: inherit; font-weight: 500; cursor: pointer; }
.f-list-item:hover:not(:disabled) { background: var(--foyer-surface-hover); }
.f-list-item:disabled { opacity: .55; cursor: default; }
.f-list-item[aria-current] { border-color: var(--foyer-accent); }
.f-list-item-label { flex: 1; min-width: 0; overflow-wrap: anywhere; }
a.f-list-item { text-decoration: none; box-sizing: border-box; }
/* Connect: one column; from 768 px the connect methods and the wallets side by side, the 'or' between them upright. */
.f-connect, .f-connect-pane { display: flex; flex-direction: column; gap: var(--f-space-2); min-width: 0; }
@media (min-width: 768px) {
  .f-overlay:not(.f-inline) .f-dialog:has(.f-connect[data-panes]) { max-width: 720px; }
  .f-overlay:not(.f-inline) .f-connect[data-panes] { display: grid; grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
    gap: var(--f-space-4); align-items: start; }
  .f-overlay:not(.f-inline) .f-connect[data-panes] > .f-divider { flex-direction: column; align-self: stretch; }
  .f-overlay:not(.f-inline) .f-connect[data-panes] > .f-divider::before,
  .f-overlay:not(.f-inline) .f-connect[data-panes] > .f-divider::after { border-top: 0; border-left: 1px solid var(--foyer-border); }
}
/* A wallet's tags (its chain, Installed, Recent) go under its name, so a long name never wraps beside them. */
.f-wallets .f-list-item:has(> .f-tag) { display: grid; grid-template-columns: auto minmax(0, 1fr); align-content: center;
  column-gap: var(--f-space-3); row-gap: 2px; }
.f-wallets .f-list-item:has(> .f-tag) > :first-child { grid-row: span 2; }
.f-wallets .f-list-item > .f-tag { justify-self: start; padding: 0; border: 0; line-height: 1.2; }
.f-get-wallet { display: flex; flex-direction: column; gap: var(--f-space-2); }
.f-get-wallet-title { margin: 0; font-size: var(--f-text-l); font-weight: 600; }
.f-tag { font-size: var(--f-text-xs); padding: 2px 8px; border-radius: 999px; color: var(--foyer-muted-foreground); border: 1px solid var(--foyer-border); }
.f-wallet-image { border-radius: 12px; flex: none; object-fit: cover; }
.f-wallet-fallback { display: inline-flex; align-items: center; justify-content: center; background: var(--foyer-accent);
  color: var(--foyer-accent-foreground); font-weight: 700; }
.f-brand-tile { display: inline-flex; align-items: center; justify-content: center; background: var(--foyer-surface);
  color: var(--foyer-foreground); border: 1px solid var(--foyer-border); box-sizing: border-box; }
.f-method-icon { width: 28px; height: 28px; border-radius: 8px; flex: none; }
.f-list-item .f-method-icon { width: 40px; height: 40px; border-radius: 12px; }
.f-qr { display: block; margin: 0 auto; border-radius: 12px; max-width: 100%; height: auto; }
.f-avatar { display: inline-block; border-radius: 50%; flex: none; }
.f-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: var(--f-space-2); padding: var(--f-space-2) 0; }
/* Forms and lists in a centred view take its whole width, so their content wraps instead of widening them. */
.f-center > :is(section, .f-field, .f-list, form) { align-self: stretch; min-width: 0; }
.f-muted { color: var(--foyer-muted-foreground); font-size: var(--f-text-s); margin: 0; }
.f-error-text { color: var(--foyer-danger); font-weight: 600; margin: 0; }
.f-address { font-size: var(--f-text-xl); font-weight: 700; margin: 0; display: inline-flex; align-items: center; gap: var(--f-space-1); }
.f-address-text { margin: 0; font-family: ui-monospace, monospace; font-size: var(--f-text-s); word-break: break-all; }
.f-balance { font-size: var(--f-text-l); color: var(--foyer-muted-foreground); margin: 0; min-height: 22px; }
.f-row { display: flex; gap: var(--f-space-2); }
.f-spinner { display: inline-block; border-radius: 50%; border: 2px solid var(--foyer-border); border-top-color: var(--foyer-accent);
  animation: f-spin .8s linear infinite; flex: none; }
.f-skeleton { display: inline-block; border-radius: 8px; background: var(--foyer-surface-hover); animation: f-pulse 1.2s ease-in-out infinite; }
.f-tablist { display: flex; gap: var(--f-space-1); padding: 4px; border-radius: 999px; background: var(--foyer-surface); }
.f-tab { flex: 1; border: 0; border-radius: 999px; padding: 6px 8px; font: inherit; font-weight: 600; background: transparent;
  color: var(--foyer-muted-foreground); cursor: pointer; }
.f-tab[aria-selected="true"] { background: var(--foyer-background); color: var(--foyer-foreground); }
.f-tabpanel { padding-top: 8px; }
.f-alert { display: flex; gap: var(--f-space-2); align-items: flex-start; margin: 0 16px 8px; padding: 10px 12px; border-radius: 12px;
  background: var(--foyer-surface); border: 1px solid var(--foyer-danger); }
.f-alert-text { flex: 1; margin: 0; font-size: var(--f-text-s); }
.f-alert-text strong { display: block; }
.f-toast { position: fixed; left: 50%; top: 16px; transform: translateX(-50%); z-index: calc(var(--foyer-z-index) + 1);
  display: flex; align-items: center; gap: var(--f-space-2); padding: 10px 14px; border-radius: 999px; background: var(--foyer-background);
  border: 1px solid var(--foyer-border); box-shadow: 0 6px 24px rgba(0,0,0,.18); font-size: var(--f-text-s); font-weight: 600; }
.f-toast-success { color: var(--foyer-success); }
.f-toast-error { color: var(--foyer-danger); }
.f-divider { display: flex; align-items: center; gap: var(--f-space-2); color: var(--foyer-muted-foreground); font-size: var(--f-text-s); }
.f-divider::before, .f-divider::after { content: ''; flex: 1; border-top: 1px solid var(--foyer-border); }
.f-legal { display: flex; align-items: flex-start; gap: var(--f-space-2); padding: 10px 12px; border: 1px solid var(--foyer-border);
  border-radius: calc(var(--foyer-radius) / 1.6); font-size: var(--f-text-s); line-height: 1.4; color: var(--foyer-muted-foreground); }
.f-legal input { flex: none; width: 24px; height: 24px; margin: 0; accent-color: var(--foyer-accent); cursor: pointer; }
.f-legal a { color: var(--foyer-foreground); }
.f-fieldset, .f-contents { display: contents; }
.f-fieldset:disabled :is(.f-icon-button, .f-input) { opacity: .55; cursor: default; }
.f-section-title { margin: 8px 0 0; font-size: var(--f-text-s); font-weight: 600; color: var(--foyer-muted-foreground); }
.f-root :focus-visible { outline: 2px solid var(--foyer-accent); outline-offset: 2px; }
.f-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.f-sheet { align-items: flex-end; padding: 0; }
.f-sheet .f-dialog { max-width: none; border-radius: var(--foyer-radius) var(--foyer-radius) 0 0; max-height: 90vh; animation-name: f-sheet; }
/* The dialog rendered ahead of its first opening (Modal.tsx): laid out, never seen, still; opening starts its animations. */
.f-overlay.f-closed, .f-overlay.f-closed * { visibility: hidden; animation: none; }
@keyframes f-fade { from { opacity: 0 } }
@keyframes f-rise { from { opacity: 0; transform: translateY(8px) scale(.98) } }
@keyframes f-sheet { from { transform: translateY(100%) } }
@keyframes f-spin { to { transform: rotate(360deg) } }
@keyframes f-pulse { 50% { opacity: .5 } }
@keyframes f-shake { 20%, 60% { transform: translateX(-6px) } 40%, 80% { transform: translateX(6px) } }
@media (prefers-reduced-motion: reduce) { .f-root * { animation: none !important; transition: none !important; } }
`
