import type { OfflineDraft } from './types';

/**
 * Where drafts are kept. Two implementations: IndexedDB in the browser (kept across reloads, Blobs
 * included) and memory (the unit tests, and a browser where IndexedDB cannot be opened, e.g. some
 * private modes: the drafts then last as long as the tab). The queue's logic only knows this interface.
 */
export interface DraftStore {
  /** The drafts of one identity and trajectory, in sending order. */
  list(identity: string, trajectoryId: number): Promise<OfflineDraft[]>;
  /** Every draft of one identity, in sending order (to send them all). */
  listAll(identity: string): Promise<OfflineDraft[]>;
  /** Adds or replaces a draft (by id). */
  put(draft: OfflineDraft): Promise<void>;
  remove(id: string): Promise<void>;
}

const byOrder = (a: OfflineDraft, b: OfflineDraft) => a.order - b.order;

/** Drafts in memory; each read and write is a copy, as IndexedDB's structured clone would make. */
export function memoryDraftStore(): DraftStore {
  const drafts = new Map<string, OfflineDraft>();
  return {
    async list(identity, trajectoryId) {
      return [...drafts.values()]
        .filter((draft) => draft.identity === identity && draft.trajectoryId === trajectoryId)
        .sort(byOrder)
        .map((draft) => structuredClone(draft));
    },
    async listAll(identity) {
      return [...drafts.values()]
        .filter((draft) => draft.identity === identity)
        .sort(byOrder)
        .map((draft) => structuredClone(draft));
    },
    async put(draft) {
      drafts.set(draft.id, structuredClone(draft));
    },
    async remove(id) {
      drafts.delete(id);
    },
  };
}

const DATABASE = 'groeipad-offline-drafts';
const STORE = 'drafts';
const BY_OWNER = 'owner';

function request<T>(call: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    call.onsuccess = () => resolve(call.result);
    call.onerror = () => reject(call.error);
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = factory.open(DATABASE, 1);
    opening.onupgradeneeded = () => {
      const store = opening.result.createObjectStore(STORE, { keyPath: 'id' });
      // [identity, trajectoryId]: one identity's drafts of one trajectory.
      store.createIndex(BY_OWNER, ['identity', 'trajectoryId']);
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
    opening.onblocked = () => reject(new Error('offline drafts database blocked'));
  });
}

/**
 * Drafts in IndexedDB (raw API, no library): one object store keyed by id with an index on
 * [identity, trajectoryId]. Thin on purpose: every rule lives in the queue and is tested there.
 */
export function indexedDbDraftStore(factory: IDBFactory = indexedDB): DraftStore {
  let database: Promise<IDBDatabase> | null = null;
  const db = () => {
    database ??= open(factory).catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const transaction = (await db()).transaction(STORE, mode);
    const result = request(work(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  };
  return {
    async list(identity, trajectoryId) {
      const found = await run('readonly', (store) =>
        store.index(BY_OWNER).getAll(IDBKeyRange.only([identity, trajectoryId])),
      );
      return (found as OfflineDraft[]).sort(byOrder);
    },
    async listAll(identity) {
      // Every trajectory of this identity: identity first in the index's key.
      const found = await run('readonly', (store) =>
        store.index(BY_OWNER).getAll(IDBKeyRange.bound([identity, -Infinity], [identity, Infinity])),
      );
      return (found as OfflineDraft[]).sort(byOrder);
    },
    async put(draft) {
      await run('readwrite', (store) => store.put(draft));
    },
    async remove(id) {
      await run('readwrite', (store) => store.delete(id));
    },
  };
}

/** IndexedDB when this browser opens it, else memory. */
export async function browserDraftStore(): Promise<DraftStore> {
  if (typeof indexedDB === 'undefined') return memoryDraftStore();
  const store = indexedDbDraftStore();
  try {
    await store.list('', 0);
    return store;
  } catch {
    return memoryDraftStore();
  }
}
