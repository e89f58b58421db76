import { describe, expect, it } from 'vitest';
import { EventStreamParser, openEventStream, reconnectDelayMs, type StreamEvent } from './event-stream';

describe('EventStreamParser', () => {
  it('reads events split anywhere across chunks, skips comments, joins data lines', () => {
    const parser = new EventStreamParser();
    const text = 'retry: 5000\n\n: ping\n\nevent: unread\ndata: {"unread":3}\n\ndata: a\r\ndata: b\r\n\r\n';
    const events: StreamEvent[] = [];
    for (let i = 0; i < text.length; i += 3) events.push(...parser.feed(text.slice(i, i + 3)));
    expect(events).toEqual([
      { event: 'unread', data: '{"unread":3}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('keeps an event that has not ended yet for the next chunk', () => {
    const parser = new EventStreamParser();
    expect(parser.feed('event: unread\ndata: {"unread":1}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'unread', data: '{"unread":1}' }]);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 30 s, with at most 20% jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => reconnectDelayMs(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(reconnectDelayMs(1, () => 1)).toBe(1200);
  });
});

describe('openEventStream', () => {
  const body = (text: string) =>
    new Response(new Blob([text]).stream(), { headers: { 'content-type': 'text/event-stream' } });

  it('sends the bearer header (no token in the URL), reconnects after a refusal and after the server ends the stream', async () => {
    const calls: { url: string; auth: string | null }[] = [];
    const answers: (() => Response)[] = [
      () => body('event: unread\ndata: {"unread":1}\n\n'),
      () => new Response('{}', { status: 503 }),
      () => body('event: unread\ndata: {"unread":2}\n\n'),
    ];
    const events: string[] = [];
    const live: boolean[] = [];
    const waits: number[] = [];
    let stop = () => {};
    await new Promise<void>((done) => {
      stop = openEventStream({
        url: '/api/notifications/stream',
        token: async () => 'tok',
        fetch: async (url, init) => {
          calls.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
          const answer = answers.shift();
          if (!answer) {
            done();
            return new Promise<Response>(() => {});
          }
          return answer();
        },
        sleep: async (ms) => {
          waits.push(ms);
        },
        onEvent: (event) => events.push(event.data),
        onLive: (value) => live.push(value),
      });
    });
    stop();
    expect(calls.map((c) => c.url)).toEqual(Array(4).fill('/api/notifications/stream'));
    expect(calls.every((c) => c.auth === 'Bearer tok')).toBe(true);
    expect(events).toEqual(['{"unread":1}', '{"unread":2}']);
    expect(live).toEqual([true, false, true, false]);
    // 1 s after the first stream ended, 2 s after the refusal, 1 s again after the next good stream.
    expect(waits.map((ms) => Math.floor(ms / 1000))).toEqual([1, 2, 1]);
  });
});
