import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import type { Channel } from '../../db/channel.ts';
import type { Db } from '../../db/database.ts';

/**
 * Open event streams (`GET /api/notifications/stream`, server-sent events; beyond the spec): per process,
 * the streams of each user. When a notification of a user is made or read, each of their streams counts
 * the unread ones again and sends `event: unread` with `{unread}` — the browser refetches what it shows.
 * A comment line every HEARTBEAT_MS keeps proxies from closing a quiet stream. With several app servers
 * (PostgreSQL) the wake-up goes to the others through the database's change channel (`db/channel.ts`,
 * LISTEN/NOTIFY), so a stream held on one server hears a change made on another within a second; a
 * message lost while a channel reconnects is caught up by the browser's fallback poll.
 */

export const HEARTBEAT_MS = 25_000;
/** Sent first: how long the browser's own EventSource would wait before reconnecting. */
const RETRY_MS = 5_000;

interface Stream {
  userId: number;
  organisationId: number;
  email: string;
  raw: ServerResponse;
  heartbeat: ReturnType<typeof setInterval>;
  expiry: ReturnType<typeof setTimeout>;
  /** A count under way, and whether another was asked for meanwhile. */
  counting: Promise<void> | null;
  again: boolean;
  /** A document whose save must be committed before counting (null: nothing to wait for). */
  barrier: number | null;
  closed: boolean;
}

/** Every hub of this process (one per app; tests build several): a save anywhere wakes the right streams. */
const hubs = new Set<StreamHub>();
/** The change channels of this process's hubs (one in a server; tests may hold several apps). */
const channels = new Set<Channel>();

const MESSAGE = 'unread:';
/** User ids per channel message, well inside PostgreSQL's payload limit. */
const IDS_PER_MESSAGE = 500;

/**
 * Tells the streams of `userIds` (in every app of this process) to count again. Called while the
 * change's transaction may still be open: with `documentId` each count first waits for that document's
 * row lock (`for share` waits for the saving transaction to end), so it never counts before the commit;
 * on PGlite the count waits for the one connection anyway.
 */
export function announce(userIds: readonly number[], documentId: number | null): void {
  if (userIds.length === 0) return;
  for (const hub of hubs) hub.wake(userIds, documentId);
  for (const channel of channels)
    for (let at = 0; at < userIds.length; at += IDS_PER_MESSAGE)
      channel.publish(MESSAGE + userIds.slice(at, at + IDS_PER_MESSAGE).join(','));
}

/** A wake-up another server published: its change has committed, so no barrier to wait for. */
function heard(message: string): void {
  if (!message.startsWith(MESSAGE)) return;
  const userIds = message.slice(MESSAGE.length).split(',').map(Number).filter(Number.isSafeInteger);
  for (const hub of hubs) hub.wake(userIds, null);
}

/** The unread notifications of a user in an organisation that they may still see (the list's own count). */
export type UnreadCounter = (
  db: Db,
  reader: { userId: number; organisationId: number; email: string },
) => Promise<number>;

export class StreamHub {
  private readonly byUser = new Map<number, Set<Stream>>();
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly countUnread: UnreadCounter,
    private readonly onError: (error: unknown) => void,
    private readonly channel?: Channel,
  ) {
    hubs.add(this);
    if (channel && !channels.has(channel)) {
      channels.add(channel);
      channel.subscribe(heard);
    }
  }

  get size(): number {
    let count = 0;
    for (const streams of this.byUser.values()) count += streams.size;
    return count;
  }

  /** The streams `userId` holds open in this hub (the per-user cap, issue 20). */
  openFor(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * Takes over a response as an event stream for `userId` in `organisationId` until the client goes,
   * the access token expires (`expiresAt`, epoch ms: the browser reconnects with a fresh one) or the
   * server stops. `onClose` runs once, when it ends.
   */
  open(
    raw: ServerResponse,
    input: {
      userId: number;
      organisationId: number;
      email: string;
      expiresAt: number;
      headers: Record<string, string>;
    },
    onClose: () => void,
  ): void {
    raw.writeHead(200, {
      ...input.headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and similar proxies pass each event on at once instead of buffering the stream.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    const stream: Stream = {
      userId: input.userId,
      organisationId: input.organisationId,
      email: input.email,
      raw,
      heartbeat: setInterval(() => this.write(stream, ': ping\n\n'), HEARTBEAT_MS),
      expiry: setTimeout(
        () => this.close(stream),
        Math.max(1000, Math.min(input.expiresAt - Date.now(), 2_000_000_000)),
      ),
      counting: null,
      again: false,
      barrier: null,
      closed: false,
    };
    const users = this.byUser.get(input.userId) ?? new Set<Stream>();
    this.byUser.set(input.userId, users);
    users.add(stream);
    raw.on('close', () => {
      this.forget(stream);
      onClose();
    });
    if (this.closing) this.close(stream);
    else this.count(stream);
  }

  /** Counts again for the streams of these users (see `announce`). */
  wake(userIds: readonly number[], documentId: number | null): void {
    for (const userId of userIds)
      for (const stream of this.byUser.get(userId) ?? []) {
        if (documentId !== null) stream.barrier = documentId;
        this.count(stream);
      }
  }

  /** Ends every stream (shutdown: before the request drain, so no stream holds it up) and stops waking. */
  async close(): Promise<void>;
  close(stream: Stream): void;
  close(stream?: Stream): Promise<void> | void {
    if (stream) {
      if (!stream.closed) stream.raw.end();
      this.forget(stream);
      return;
    }
    this.closing = true;
    hubs.delete(this);
    if (this.channel) channels.delete(this.channel);
    const counting: Promise<void>[] = [];
    for (const streams of this.byUser.values())
      for (const open of streams) {
        if (open.counting) counting.push(open.counting);
        this.close(open);
      }
    return Promise.allSettled(counting).then(() => undefined);
  }

  private forget(stream: Stream): void {
    stream.closed = true;
    clearInterval(stream.heartbeat);
    clearTimeout(stream.expiry);
    const users = this.byUser.get(stream.userId);
    users?.delete(stream);
    if (users?.size === 0) this.byUser.delete(stream.userId);
  }

  private write(stream: Stream, text: string): void {
    if (!stream.closed && !stream.raw.writableEnded) stream.raw.write(text);
  }

  /** One count at a time per stream; a wake during a count runs one more after it. */
  private count(stream: Stream): void {
    if (stream.counting) {
      stream.again = true;
      return;
    }
    stream.counting = (async () => {
      try {
        do {
          stream.again = false;
          const barrier = stream.barrier;
          stream.barrier = null;
          if (barrier !== null)
            await sql`select id from documents where id = ${barrier} for share`.execute(this.db);
          if (stream.closed) return;
          const unread = await this.countUnread(this.db, stream);
          this.write(stream, `event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
        } while (stream.again && !stream.closed);
      } catch (error) {
        if (!stream.closed) this.onError(error);
      } finally {
        stream.counting = null;
      }
    })();
  }
}
