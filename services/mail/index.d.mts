// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).

/** A message the catcher received. */
export type CaughtMessage = {
  /** Increasing from 1. */
  id: number;
  from: string;
  /** Lower-case recipients from the SMTP envelope. */
  to: string[];
  subject: string;
  text: string;
  /** ISO time. */
  receivedAt: string;
};

export type MailCatcher = {
  /** `smtp://127.0.0.1:<port>`: no TLS, no authentication, any sender and recipient. */
  smtpUrl: string;
  /** `http://127.0.0.1:<port>`: `GET /` the inbox page, `GET /messages?to=<address>` JSON, oldest first. */
  url: string;
  /** What it caught so far, oldest first. */
  messages: readonly CaughtMessage[];
  /** Stops both servers. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * The local stack's SMTP catcher (smtp-server + mailparser) with an in-memory inbox of the newest
 * {@link MAX_MESSAGES} messages, readable over HTTP. Loopback only; development and tests.
 */
export declare function startMailCatcher(options?: {
  /** 0 picks a free port. @default 0 */
  smtpPort?: number;
  /** 0 picks a free port. @default 0 */
  httpPort?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** @default console.error */
  log?: (message: string) => void;
}): Promise<MailCatcher>;

export type Mailer = {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
};

/** nodemailer over SMTP: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…`. */
export declare function createMailer(options: { smtpUrl: string; from?: string }): Mailer;

/** 8025 (the CLI's; FOYER_SMTP_PORT moves it). */
export declare const DEFAULT_SMTP_PORT: number;
/** 8791 (the CLI's inbox; FOYER_MAIL_PORT moves it). */
export declare const DEFAULT_MAIL_PORT: number;
/** 500: older messages are dropped. */
export declare const MAX_MESSAGES: number;
