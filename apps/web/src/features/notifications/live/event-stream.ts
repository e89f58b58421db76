/**
 * A fetch-based reader of server-sent events (D39: the bearer header, never a token in the URL, which
 * the browser's own EventSource cannot send). It reconnects after the server ends the stream (token
 * expiry, a restart) with a growing wait, and reports whether it is live, so the caller can poll while
 * it is not.
 */

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * The text/event-stream format, fed in chunks: `event:` and `data:` lines (data lines joined with
 * newlines), a blank line ends an event, lines starting with `:` are comments (heartbeats).
 */
export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  feed(chunk: string): StreamEvent[] {
    this.buffer += chunk;
    const events: StreamEvent[] = [];
    let end = this.buffer.search(/\r\n|\r|\n/);
    // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
    while (end >= 0 && !(end === this.buffer.length - 1 && this.buffer[end] === '\r')) {
      const line = this.buffer.slice(0, end);
      const newline = this.buffer.startsWith('\r\n', end) ? 2 : 1;
      this.buffer = this.buffer.slice(end + newline);
      if (line === '') {
        if (this.data.length > 0) events.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'event') this.event = value;
        else if (name === 'data') this.data.push(value);
      }
      end = this.buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }
}

/** Wait before reconnect attempt `attempt` (1, 2, …): 1 s, 2 s, 4 s … up to 30 s, with up to 20% jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

export interface EventStreamOptions {
  url: string;
  /** The bearer token for each (re)connect. */
  token: () => Promise<string>;
  onEvent: (event: StreamEvent) => void;
  /** true once a connection answers, false when it is lost (until the next one answers). */
  onLive: (live: boolean) => void;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Opens the stream and keeps it open until the returned function is called. */
export function openEventStream(options: EventStreamOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const sleep = options.sleep ?? defaultSleep;
  let live = false;
  const setLive = (next: boolean) => {
    if (next === live) return;
    live = next;
    options.onLive(next);
  };

  void (async () => {
    let attempt = 0;
    while (!signal.aborted) {
      try {
        const token = await options.token();
        const response = await doFetch(options.url, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        attempt = 0;
        setLive(true);
        const parser = new EventStreamParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const event of parser.feed(value)) options.onEvent(event);
        }
      } catch {
        // Refused, unreachable or cut off: wait and try again (below).
      }
      if (signal.aborted) break;
      setLive(false);
      attempt += 1;
      await sleep(reconnectDelayMs(attempt), signal);
    }
  })();

  return () => controller.abort();
}
