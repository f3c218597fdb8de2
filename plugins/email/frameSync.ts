// What the host tells the secure frame about itself (rules §7 sync theme, sync dapp data), in the shapes the frame
// accepts (services/wallet/PROTOCOL.md): anything else it would refuse is left out here.
import { resolveTheme, type AppMetadata, type Kernel } from 'foyer'

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const RASTER_DATA = /^data:image\/(?:png|jpeg|gif|webp);base64,/

/** The modal's theme mode and accent colours; a colour that is not hex (a CSS variable, rgb()) is not sent. */
export function frameTheme(kernel: Kernel): { themeMode: string; themeVariables: { accent?: string; accentForeground?: string } } {
  const mode = kernel.store.getState().theme.mode
  const dark =
    mode === 'dark' || (mode === 'system' && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches)
  const { accent, accentForeground } = resolveTheme(dark ? 'dark' : 'light', kernel.options.themeVariables)
  return {
    themeMode: mode,
    themeVariables: { ...(HEX_COLOR.test(accent) && { accent }), ...(HEX_COLOR.test(accentForeground) && { accentForeground }) },
  }
}

/** The host's `metadata` as the frame takes it (a name of at most 60 characters, http(s) URL, https or raster icons). */
export function siteMetadata(metadata: AppMetadata | undefined): AppMetadata | undefined {
  const name = metadata?.name.trim().slice(0, 60).trim()
  if (!metadata || !name) return undefined
  const url = metadata.url && /^https?:\/\//.test(metadata.url) && metadata.url.length <= 300 ? metadata.url : undefined
  const icons = (metadata.icons ?? [])
    .filter((icon) => (icon.startsWith('https://') && icon.length <= 300) || (RASTER_DATA.test(icon) && icon.length <= 100_000))
    .slice(0, 4)
  return {
    name,
    ...(metadata.description && { description: metadata.description.slice(0, 200) }),
    ...(url && { url }),
    ...(icons.length > 0 && { icons }),
  }
}
