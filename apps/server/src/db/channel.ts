import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * A message bus between the app servers of one PostgreSQL database (LISTEN/NOTIFY): what one server
 * learns (a user's notifications changed) the others hear within milliseconds. Messages are hints, not
 * data: a server that missed one (its listening connection was down) is caught up by the browsers'
 * fallback poll. None on PGlite, whose one process has no one to tell.
 */
export interface Channel {
  publish(message: string): void;
  /** Calls `handler` with each message another server published. */
  subscribe(handler: (message: string) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'groeipad_changes';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_MESSAGE_BYTES = 7_900;

export class PostgresChannel implements Channel {
  /** Marks this server's own messages, which it has acted on already. */
  private readonly origin = randomUUID();
  private readonly handlers: ((message: string) => void)[] = [];
  private listener: pg.Client | null = null;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {}

  /** Connects the listening connection; after a loss it connects again every second until it can. */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'change channel lost its connection');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    client.on('notification', (note) => {
      if (note.channel !== CHANNEL || !note.payload) return;
      const split = note.payload.indexOf(' ');
      if (note.payload.slice(0, split) === this.origin) return;
      const message = note.payload.slice(split + 1);
      for (const handler of this.handlers) handler(message);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      this.listener = client;
    } catch (error) {
      this.logger.warn({ err: error }, 'change channel could not listen; trying again');
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.closed || this.retry) return;
    if (this.listener === client) this.listener = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, 1_000);
    this.retry.unref();
  }

  publish(message: string): void {
    const payload = `${this.origin} ${message}`;
    if (Buffer.byteLength(payload) > MAX_MESSAGE_BYTES) throw new Error('channel message too long');
    this.pool
      .query('select pg_notify($1, $2)', [CHANNEL, payload])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'change channel could not publish'));
  }

  subscribe(handler: (message: string) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
