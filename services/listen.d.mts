// Types for listen.mjs.
import type { Server } from 'node:net';

/** Thrown when a port the stack needs is taken; the message names the environment variable that moves it. */
export declare class PortInUseError extends Error {
  readonly name: 'PortInUseError';
  readonly code: 'EADDRINUSE';
  readonly port: number;
  readonly envVar: string;
  constructor(port: number, envVar: string);
}

/** Listens on `host` (default '127.0.0.1') exclusively; resolves with the port bound, rejects with {@link PortInUseError}. */
export declare function listen(server: Server, options: { port: number; host?: string; envVar: string }): Promise<number>;
export declare function assertPortFree(port: number, envVar: string): Promise<void>;
export declare function findFreePort(): Promise<number>;
