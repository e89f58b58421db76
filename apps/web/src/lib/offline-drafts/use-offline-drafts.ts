import type { AccessClaims } from '@groeipad/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../use-session';
import { isOnline, onConnectionBack } from './connection';
import { createDraftQueue, type DraftQueue, type FlushResult } from './queue';
import { browserDraftStore, type DraftStore } from './store';
import { endpointTransport } from './transport';
import type { DraftError, NewDraft, OfflineDraft } from './types';

let sharedStore: Promise<DraftStore> | null = null;

/** The browser's one draft store (IndexedDB, or memory where it cannot be opened). */
export function sharedDraftStore(): Promise<DraftStore> {
  sharedStore ??= browserDraftStore();
  return sharedStore;
}

let signedInQueue: DraftQueue | null = null;

/** The queue of the signed-in user: the shared store, sent with the session's bearer. */
export function signedInDraftQueue(): DraftQueue {
  signedInQueue ??= createDraftQueue({ store: sharedDraftStore(), transport: endpointTransport });
  return signedInQueue;
}

/**
 * Whose drafts these are: the user in the organisation of the token (trajectory ids are global, but a
 * draft is sent with that organisation's token). Two users of one browser never see each other's.
 */
export function signedInIdentity(claims: Pick<AccessClaims, 'user_id' | 'organisation_id'>): string {
  return `user:${claims.user_id}@${claims.organisation_id ?? '-'}`;
}

/** The signed-in identity, or null without a session. */
export function useSignedInIdentity(): string | null {
  const session = useSession();
  return session ? signedInIdentity(session.claims) : null;
}

export interface OfflineDraftsOptions {
  /** Default: the signed-in user's queue. A mentor page passes a queue with its own transport. */
  queue?: DraftQueue;
  /** After a send that saved at least one draft (e.g. read the evaluation again). */
  onSent?: (result: FlushResult) => void;
}

export interface OfflineDrafts {
  /** This identity's drafts of this trajectory, in sending order. */
  drafts: OfflineDraft[];
  pending: number;
  /** A send is under way. */
  sending: boolean;
  /** Why the first draft is still here after an answer (null while none came, or when offline). */
  lastError: DraftError | null;
  /** What the last send did (null before one finished). */
  lastResult: FlushResult | null;
  /** Keeps a draft; it is sent at once when the browser is online. */
  enqueue(draft: NewDraft): Promise<OfflineDraft | null>;
  /** Sends the drafts now. */
  flush(): Promise<FlushResult | null>;
  /** Drops a draft unsent. */
  discard(id: string): Promise<void>;
}

/**
 * Offline drafts of one trajectory's evaluation for one identity (issue 23): kept in the browser, sent
 * in order on start and whenever the connection comes back (`online`). Without an identity (signed
 * out) nothing is kept or sent.
 */
export function useOfflineDrafts(
  trajectoryId: number,
  identity: string | null,
  options: OfflineDraftsOptions = {},
): OfflineDrafts {
  const queue = options.queue ?? signedInDraftQueue();
  const [drafts, setDrafts] = useState<OfflineDraft[]>([]);
  const [sending, setSending] = useState(false);
  const [lastResult, setLastResult] = useState<FlushResult | null>(null);
  const onSent = useRef(options.onSent);
  onSent.current = options.onSent;

  const refresh = useCallback(async () => {
    if (identity === null) {
      setDrafts([]);
      setSending(false);
      return;
    }
    setSending(queue.isSending(identity, trajectoryId));
    try {
      setDrafts(await queue.list(identity, trajectoryId));
    } catch {
      // The store could not be read: nothing to show.
    }
  }, [queue, identity, trajectoryId]);

  const flush = useCallback(async (): Promise<FlushResult | null> => {
    if (identity === null) return null;
    const result = await queue.flush(identity, trajectoryId);
    setLastResult(result);
    if (result.sent > 0) onSent.current?.(result);
    return result;
  }, [queue, identity, trajectoryId]);

  useEffect(() => {
    const unsubscribe = queue.subscribe((who, id) => {
      if (who === identity && id === trajectoryId) void refresh();
    });
    void refresh();
    // On start: what an earlier visit kept goes now, when there is a connection.
    if (isOnline()) void flush();
    const stop = onConnectionBack(() => void flush());
    return () => {
      unsubscribe();
      stop();
    };
  }, [queue, identity, trajectoryId, refresh, flush]);

  const enqueue = useCallback(
    async (draft: NewDraft) => {
      if (identity === null) return null;
      const kept = await queue.enqueue(identity, trajectoryId, draft);
      if (isOnline()) void flush();
      return kept;
    },
    [queue, identity, trajectoryId, flush],
  );

  const discard = useCallback(
    async (id: string) => {
      if (identity !== null) await queue.discard(identity, trajectoryId, id);
    },
    [queue, identity, trajectoryId],
  );

  return {
    drafts,
    pending: drafts.length,
    sending,
    lastError: drafts.find((draft) => draft.error)?.error ?? null,
    lastResult,
    enqueue,
    flush,
    discard,
  };
}
