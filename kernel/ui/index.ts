// The "foyer/ui" entry: the React primitives shared by the core views and by plugins' and chains' views, so a
// third-party view looks like a first-party one. Import it from lazily loaded views only: it is not part of the
// first paint (build/entries.mjs marks it lazy).
export { Button, IconButton } from './Button.js'
export type { ButtonProps, IconButtonProps } from './Button.js'
export { ListItem } from './ListItem.js'
export type { ListItemProps } from './ListItem.js'
export { Picker } from './Picker.js'
export type { PickerProps } from './Picker.js'
export { TokenPicker } from './TokenPicker.js'
export type { TokenOption, TokenPickerProps } from './TokenPicker.js'
export { AmountField } from './AmountField.js'
export type { AmountFieldProps } from './AmountField.js'
export { Tabs } from './Tabs.js'
export type { Tab, TabsProps } from './Tabs.js'
export { Spinner, Skeleton } from './Spinner.js'
export { WalletImage, IMAGE_PRELOAD_TIMEOUT_MS } from './WalletImage.js'
export type { WalletImageProps } from './WalletImage.js'
export { Avatar, gradientFor } from './Avatar.js'
export * from './icons.js'
export { QrCode } from './QrCode.js'
// Holds a way to connect back until the visitor accepts the host's terms (the core Connect views use it too).
export { LegalGate } from '../react/shell/LegalConsent.js'
