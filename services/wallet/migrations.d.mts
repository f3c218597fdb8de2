// Types for migrations.mjs (tests build a database as an older release left it).
import type { Migration } from '../storage/index.mjs'

/** The wallet schema's migrations, in order; append-only. */
export declare const WALLET_MIGRATIONS: readonly Migration[]
