// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Server } from 'node:http';

/** 64 KiB: the largest request body a service reads unless it says otherwise. */
export declare const DEFAULT_MAX_BODY_BYTES: number;
/** `application/json; charset=utf-8` */
export declare const JSON_TYPE: string;

/** A request a service refuses on purpose; the shared error handler answers it with `status` and its body. */
export declare class RequestError extends Error {
  readonly name: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers?: Record<string, string>);
}

export type ServiceAppOptions = {
  /** In log lines: `[directory] GET /x failed: …` */
  name: string;
  /** Told about internal errors (anything thrown that is not a RequestError). */
  log: (message: string) => void;
  /** What the service answers (CORS lists them); any other method is 405 with Allow, before routing. */
  methods: readonly string[];
  /** A preflight's allowed headers when it asks for none. @default 'content-type' */
  allowHeaders?: string;
  /** Past it, 413 and the connection closes. @default DEFAULT_MAX_BODY_BYTES */
  maxBodyBytes?: number;
  /**
   * The body of every error answer; `refusal` is the RequestError answered, when there is one (a subclass may carry
   * more for the body). @default `{ error: message }`
   */
  errorBody?: (status: number, message: string, refusal: RequestError | undefined) => unknown;
  /** The service's own mapping of other errors (a node that failed is 502); undefined: logged, 500. */
  mapError?: (error: unknown) => RequestError | undefined;
  /** Runs after CORS preflights and before everything else (a test switch such as {@link createFailureSwitch}). */
  beforeRoutes?: MiddlewareHandler;
  /**
   * The routes that change state: a browser may call them (and read the answers) only from the service's own origin
   * or, unless the route says `self`, from an allowed origin of the project named by the `projectId` query parameter.
   * Those get `access-control-allow-origin: <origin>` and `vary: origin`; any other Origin gets 403
   * (ORIGIN_NOT_ALLOWED or NOT_OWN_ORIGIN) with no CORS header, its preflight too. No Origin passes. @default none
   */
  changesState?: readonly StateChangingRoute[];
  /** A project's allowed origins (§5 patterns; see {@link createAllowedOrigins}). An empty list allows no other origin. @default none */
  projectOrigins?: (projectId: string) => Promise<readonly string[]>;
};

export type StateChangingRoute = {
  /** 'POST', 'PUT', 'DELETE' … */
  method: string;
  /** A Hono path, as the route is registered (`/v1/sessions/:id/revoke`). */
  path: string;
  /** Who may call it from a browser besides the service's own pages. @default 'project' */
  callers?: 'project' | 'self';
};

/** 'This origin is not an allowed origin of the project': a state-changing request from an origin the project does not allow. */
export declare const ORIGIN_NOT_ALLOWED: string;
/** A state-changing request to a route only the service's own pages may call, from another origin. */
export declare const NOT_OWN_ORIGIN: string;

/** How long a project's allowed origins are reused: 60 s. */
export declare const ORIGINS_TTL_MS: number;
export { originMatches } from '../../kernel/model/originMatches.mjs';
/**
 * Projects' allowed origins from the directory's `/projects/v1/origins`, cached ORIGINS_TTL_MS (a failed lookup
 * allows nobody, for 5 s).
 */
export declare function createAllowedOrigins(options: {
  directoryUrl: string;
  /** Sent as `st`. @default 'foyer-service' */
  client?: string;
  fetch?: typeof fetch;
  now?: () => number;
}): { originsOf(projectId: string): Promise<string[]>; allows(projectId: string, origin: string): Promise<boolean> };

/**
 * A Hono app with what every service shares: CORS (preflights answered; `*` on the public routes, only allowed
 * origins on `changesState` routes), 405 with
 * Allow, the body limit, a JSON 404, and thrown errors mapped to answers. The service adds its routes.
 */
export declare function createServiceApp(options: ServiceAppOptions): Hono;

/** Serves `app` on node:http at `host:port` (default 127.0.0.1); a taken port is a PortInUseError naming `envVar`. */
export declare function serveApp(
  app: Hono,
  options: { port: number; host?: string; envVar: string; name: string; log: (message: string) => void },
): Promise<{ server: Server; url: string; port: number; stop(): Promise<void> }>;

/**
 * Makes the next requests fail (`failNext(429)`) or answer late (`delayNext(5000)`), for trying a client's error
 * handling and loading states; `middleware` goes in beforeRoutes. A delayed request waits, then fails if a failure
 * is pending.
 */
export declare function createFailureSwitch(): {
  failNext(status: number, count?: number): void;
  /** The next `count` (default 1) requests wait `ms` (Infinity: until released); `count` 0 releases every waiting one now. */
  delayNext(ms: number, count?: number): void;
  middleware: MiddlewareHandler;
};

/** A JSON answer with `content-type: application/json; charset=utf-8`. */
export declare function sendJson(c: Context, status: number, value: unknown, headers?: Record<string, string>): Response;
/** The query string's parameters, from the raw URL. */
export declare function searchParams(c: Context): URLSearchParams;
/** One value of a query parameter; given twice is a 400 RequestError. */
export declare function queryParam(query: URLSearchParams, name: string): string | undefined;

/** The default budget of {@link createRateLimit} on code, login and registration routes: 60 per client and minute. */
export declare const DEFAULT_RATE_LIMIT: Readonly<{ limit: number; windowMs: number }>;
/** The socket's peer address of the request, or 'local' without a socket (`app.request()`). */
export declare function clientAddress(c: Context): string;
/** A fixed-window budget per key: `take(key)` throws a 429 RequestError with `retry-after` once it is spent. */
export declare function createRateLimit(options: { limit: number; windowMs: number; now?: () => number }): {
  take(key: string): void;
  readonly size: number;
};
