// A server component: rendered at build time (prerendered), with the wallet as a client component inside it.
import { Wallet } from './Wallet'

export default function Page() {
  return (
    <main>
      <h1>Foyer on Next.js</h1>
      <p>This page is rendered on the server; the wallet below hydrates in the browser.</p>
      <Wallet />
    </main>
  )
}
