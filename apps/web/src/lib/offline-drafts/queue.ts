import type { PatchOperation } from '@groeipad/core';
import { ApiError } from '../api-error';
import { patchToSend, type Rebased, rebaseOperations } from './operations';
import type { DraftStore } from './store';
import type { DraftTransport } from './transport';
import type { DraftError, NewDraft, OfflineDraft, PatchStep, UploadStep } from './types';

/** What one send of a trajectory's drafts did. */
export interface FlushResult {
  /** Drafts sent and removed. */
  sent: number;
  /**
   * A 409: someone saved the evaluation in between and the drafts were re-based onto the newer version
   * (their entries stay; mine added beside them, D2).
   */
  rebased: boolean;
  /** Entries already there or already deleted on the newer version (not sent twice). */
  skipped: number;
  /** Competences the newer version no longer has: their entries were dropped. */
  missing: string[];
  /** Why sending stopped before the last draft: no connection (kept for the next try), or an answer. */
  stopped: null | 'offline' | 'error';
  /** The answer that stopped it (stopped 'error'), as stored on the draft. */
  error: DraftError | null;
  /** The last PATCH answer: the evaluation's new version and the patch as applied. */
  saved: { version: number; patch: PatchOperation[] } | null;
}

export interface DraftQueue {
  /** Keeps a draft (after any already kept for this identity and trajectory). */
  enqueue(identity: string, trajectoryId: number, draft: NewDraft): Promise<OfflineDraft>;
  list(identity: string, trajectoryId: number): Promise<OfflineDraft[]>;
  /** Drops a draft unsent (the user's choice after an answer that will not change). */
  discard(identity: string, trajectoryId: number, id: string): Promise<void>;
  /** Sends the drafts of one identity and trajectory in order; one send at a time per pair. */
  flush(identity: string, trajectoryId: number): Promise<FlushResult>;
  /** Sends every trajectory's drafts of an identity (e.g. at start, or when the connection returns). */
  flushAll(identity: string): Promise<FlushResult[]>;
  /** Whether a send of this pair is under way. */
  isSending(identity: string, trajectoryId: number): boolean;
  /** Called after every change of a pair's drafts or sending state. */
  subscribe(listener: (identity: string, trajectoryId: number) => void): () => void;
}

export interface QueueOptions {
  store: DraftStore | Promise<DraftStore>;
  transport: DraftTransport;
  /** Runs a pair's send while holding a lock (default: the Web Locks API across tabs, when there). */
  lock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  now?: () => Date;
  newId?: () => string;
}

/** How often a send re-bases after a 409 before leaving the draft for the next try. */
const STALE_TRIES = 3;

/** No answer: the browser is offline or the server unreachable (ApiError status 0, or fetch's TypeError). */
export function isNetworkFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.isNetworkFailure) || error instanceof TypeError;
}

function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.isStale;
}

/** Two tabs never send the same drafts at once (Web Locks; without them, this tab's queue alone). */
function browserLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return task();
  return navigator.locks.request(name, task) as Promise<T>;
}

const pairKey = (identity: string, trajectoryId: number) => `${identity}\u0000${trajectoryId}`;

function emptyResult(): FlushResult {
  return { sent: 0, rebased: false, skipped: 0, missing: [], stopped: null, error: null, saved: null };
}

/**
 * The offline drafts queue (issue 23). Each identity's drafts of a trajectory are sent oldest first,
 * each as its steps in order: uploads (the resource id kept on the draft, so a second try does not
 * upload again), then the PATCH with the files' ids filled in. A 409 staleDocument (a teacher saved in
 * between, D29) loads the newest version and re-bases the entries onto it (`rebaseOperations`, as the
 * editor's 409 re-applies my entries onto theirs); drafts made on the version just sent by this queue
 * go on the version it answered. No answer keeps the draft for the next try; any other answer keeps it
 * with its reason and stops there, so a later draft never overtakes it.
 */
export function createDraftQueue(options: QueueOptions): DraftQueue {
  const { transport } = options;
  const lock = options.lock ?? browserLock;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const storeReady = Promise.resolve(options.store);
  const listeners = new Set<(identity: string, trajectoryId: number) => void>();
  const sending = new Map<string, { running: Promise<FlushResult>; next: Promise<FlushResult> | null }>();
  let lastOrder = 0;

  const emit = (identity: string, trajectoryId: number) => {
    for (const listener of listeners) listener(identity, trajectoryId);
  };

  const failure = (error: unknown): DraftError =>
    error instanceof ApiError
      ? { status: error.status, key: error.key, at: now().toISOString() }
      : { status: 0, key: 'internalError', at: now().toISOString() };

  /** Sends one patch step: on a 409, loaded again and re-based, up to STALE_TRIES times. */
  async function sendPatch(
    trajectoryId: number,
    step: PatchStep,
    ifMatch: number | null,
    resources: ReadonlyMap<string, number>,
    result: FlushResult,
  ): Promise<{ saved: { version: number; patch: PatchOperation[] } | null; rebased: boolean }> {
    let operations = step.operations;
    let version = ifMatch;
    let rebasedHere = false;
    for (let attempt = 1; ; attempt++) {
      try {
        // Everything was there already: nothing left to send.
        if (operations.length === 0) return { saved: null, rebased: rebasedHere };
        const saved = await transport.patch(trajectoryId, patchToSend(operations, resources), {
          ifMatch: version,
          editDate: step.editDate,
        });
        return { saved, rebased: rebasedHere };
      } catch (error) {
        if (!isStale(error) || attempt >= STALE_TRIES) throw error;
        const newest = await transport.load(trajectoryId);
        const rebased: Rebased = rebaseOperations(newest.evaluation, step.operations);
        rebasedHere = true;
        result.rebased = true;
        result.skipped += rebased.skipped;
        for (const uuid of rebased.missing) if (!result.missing.includes(uuid)) result.missing.push(uuid);
        operations = rebased.operations;
        version = newest.version;
      }
    }
  }

  async function run(identity: string, trajectoryId: number): Promise<FlushResult> {
    const store = await storeReady;
    const result = emptyResult();
    // Drafts made on a version this send replaced go on the version the server answered.
    let chain: { from: number | null; to: number } | null = null;
    for (const draft of await store.list(identity, trajectoryId)) {
      const resources = new Map<string, number>();
      let current = draft;
      try {
        for (const [index, step] of current.steps.entries()) {
          if (step.kind === 'upload') {
            let id = step.resourceId;
            if (id === undefined) {
              id = await transport.upload(step.file, step.name, step.mediaType);
              const steps = current.steps.map((other, at) =>
                at === index ? ({ ...(other as UploadStep), resourceId: id } satisfies UploadStep) : other,
              );
              current = { ...current, steps };
              await store.put(current);
            }
            resources.set(step.key, id);
            continue;
          }
          const ifMatch = chain && chain.from === step.baseVersion ? chain.to : step.baseVersion;
          const sent = await sendPatch(trajectoryId, step, ifMatch, resources, result);
          // After a re-base the server's tree may differ from the one the next draft was made on:
          // that one goes through the 409 path too rather than being chained.
          chain = sent.saved && !sent.rebased ? { from: step.baseVersion, to: sent.saved.version } : null;
          if (sent.saved) result.saved = sent.saved;
        }
      } catch (error) {
        if (isNetworkFailure(error)) {
          result.stopped = 'offline';
          return result;
        }
        const reason = failure(error);
        await store.put({ ...current, error: reason });
        emit(identity, trajectoryId);
        result.stopped = 'error';
        result.error = reason;
        return result;
      }
      await store.remove(draft.id);
      result.sent += 1;
      emit(identity, trajectoryId);
    }
    return result;
  }

  function flush(identity: string, trajectoryId: number): Promise<FlushResult> {
    const key = pairKey(identity, trajectoryId);
    const begin = (): Promise<FlushResult> => {
      const running = lock(`groeipad-offline-drafts:${key}`, () => run(identity, trajectoryId));
      const entry: { running: Promise<FlushResult>; next: Promise<FlushResult> | null } = {
        running,
        next: null,
      };
      sending.set(key, entry);
      emit(identity, trajectoryId);
      const done = () => {
        // With a send to follow, it takes this place as it begins.
        if (sending.get(key) === entry && !entry.next) sending.delete(key);
        emit(identity, trajectoryId);
      };
      running.then(done, done);
      return running;
    };
    const state = sending.get(key);
    if (!state) return begin();
    // A send under way may have read the list before the newest draft: one more follows it (one only).
    state.next ??= state.running.then(begin, begin);
    return state.next;
  }

  return {
    async enqueue(identity, trajectoryId, draft) {
      const store = await storeReady;
      const createdAt = now();
      lastOrder = Math.max(createdAt.getTime() * 1000, lastOrder + 1);
      const steps: OfflineDraft['steps'] = [
        ...(draft.uploads ?? []).map(
          (upload): UploadStep => ({
            kind: 'upload',
            key: upload.key,
            file: upload.file,
            name: upload.name,
            mediaType: upload.mediaType,
          }),
        ),
        {
          kind: 'patch',
          operations: [...draft.operations],
          baseVersion: draft.baseVersion,
          editDate: draft.editDate,
        },
      ];
      const stored: OfflineDraft = {
        id: newId(),
        identity,
        trajectoryId,
        createdAt: createdAt.toISOString(),
        order: lastOrder,
        steps,
        error: null,
      };
      await store.put(stored);
      emit(identity, trajectoryId);
      return stored;
    },
    async list(identity, trajectoryId) {
      return (await storeReady).list(identity, trajectoryId);
    },
    async discard(identity, trajectoryId, id) {
      const store = await storeReady;
      const mine = (await store.list(identity, trajectoryId)).some((draft) => draft.id === id);
      if (!mine) return;
      await store.remove(id);
      emit(identity, trajectoryId);
    },
    flush,
    async flushAll(identity) {
      const drafts = await (await storeReady).listAll(identity);
      const trajectories = [...new Set(drafts.map((draft) => draft.trajectoryId))];
      const results: FlushResult[] = [];
      for (const trajectoryId of trajectories) results.push(await flush(identity, trajectoryId));
      return results;
    },
    isSending(identity, trajectoryId) {
      return sending.has(pairKey(identity, trajectoryId));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
