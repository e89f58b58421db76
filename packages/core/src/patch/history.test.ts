import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch } from './apply.ts';
import {
  canRedo,
  canUndo,
  createHistory,
  type EditHistory,
  hasUnsavedChanges,
  markSaved,
  patchSinceSave,
  pushAction,
  redoHistory,
  resetHistory,
  undoHistory,
} from './history.ts';
import type { JsonValue } from './json.ts';
import { jsonDocument, operationSeed, patchFor } from './test-arbitraries.ts';

const set = (value: number) => [{ op: 'replace' as const, path: '/n', value }];

describe('edit history', () => {
  it('starts without changes, undo or redo', () => {
    const history = createHistory({ n: 0 });
    expect(hasUnsavedChanges(history)).toBe(false);
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
    expect(patchSinceSave(history)).toEqual([]);
    expect(undoHistory(history)).toBe(history);
    expect(redoHistory(history)).toBe(history);
  });

  it('undoes and redoes actions', () => {
    let history = pushAction(pushAction(createHistory({ n: 0 }), set(1)), set(2));
    expect(history.document).toEqual({ n: 2 });
    history = undoHistory(history);
    expect(history.document).toEqual({ n: 1 });
    expect(canRedo(history)).toBe(true);
    history = redoHistory(history);
    expect(history.document).toEqual({ n: 2 });
  });

  it('a new action discards the redo tail', () => {
    let history = pushAction(pushAction(createHistory({ n: 0 }), set(1)), set(2));
    history = pushAction(undoHistory(history), set(5));
    expect(canRedo(history)).toBe(false);
    expect(history.document).toEqual({ n: 5 });
    expect(undoHistory(history).document).toEqual({ n: 1 });
  });

  it('save is enabled only when there are changes; undoing to the saved point clears them', () => {
    let history = pushAction(createHistory({ n: 0 }), set(1));
    expect(hasUnsavedChanges(history)).toBe(true);
    expect(patchSinceSave(history)).toEqual(set(1));
    history = undoHistory(history);
    expect(hasUnsavedChanges(history)).toBe(false);
    expect(patchSinceSave(history)).toEqual([]);
  });

  it('merges an action into the last one (typing): one undo takes both back, redo brings both', () => {
    let history = pushAction(createHistory({ n: 0 }), set(1));
    history = pushAction(history, set(2), true);
    history = pushAction(history, set(3), true);
    expect(history.past).toHaveLength(1);
    expect(undoHistory(history).document).toEqual({ n: 0 });
    expect(redoHistory(undoHistory(history)).document).toEqual({ n: 3 });
  });

  it('never merges across an undo or the save point', () => {
    let history = pushAction(pushAction(createHistory({ n: 0 }), set(1)), set(2), true);
    history = pushAction(undoHistory(pushAction(history, set(3))), set(4), true);
    expect(history.past).toHaveLength(2);
    expect(undoHistory(history).document).toEqual({ n: 2 });
    const saved = pushAction(markSaved(pushAction(createHistory({ n: 0 }), set(1))), set(2), true);
    expect(saved.past).toHaveLength(2);
    expect(hasUnsavedChanges(undoHistory(saved))).toBe(false);
  });

  it('an empty action changes nothing', () => {
    const history = createHistory({ n: 0 });
    expect(pushAction(history, [])).toBe(history);
  });

  it('markSaved starts the accumulated patch afresh but keeps undo', () => {
    let history = markSaved(pushAction(createHistory({ n: 0 }), set(1)));
    expect(hasUnsavedChanges(history)).toBe(false);
    expect(canUndo(history)).toBe(true);
    history = undoHistory(history);
    expect(hasUnsavedChanges(history)).toBe(true);
    expect(applyPatch({ n: 1 }, patchSinceSave(history))).toEqual({ n: 0 });
  });

  it('after undoing past the save and branching, the patch still leads from saved to current', () => {
    let history = markSaved(pushAction(pushAction(createHistory({ n: 0 }), set(1)), set(2)));
    history = pushAction(undoHistory(undoHistory(history)), [{ op: 'add', path: '/m', value: 1 }]);
    expect(history.savedIndex).toBeNull();
    expect(hasUnsavedChanges(history)).toBe(true);
    expect(applyPatch({ n: 2 }, patchSinceSave(history))).toEqual({ n: 0, m: 1 });
  });

  it('reset restarts the history at a document', () => {
    const history = resetHistory({ n: 9 });
    expect(history.document).toEqual({ n: 9 });
    expect(hasUnsavedChanges(history)).toBe(false);
  });

  it('a patch that does not apply leaves the history unchanged (throws)', () => {
    const history = createHistory({ n: 0 });
    expect(() => pushAction(history, [{ op: 'remove', path: '/x' }])).toThrow();
    expect(history.document).toEqual({ n: 0 });
  });

  it('property: the saved document plus patchSinceSave is the current document', () => {
    const step = fc.oneof(
      fc.record({ type: fc.constant('push' as const), seeds: fc.array(operationSeed, { maxLength: 3 }) }),
      fc.record({ type: fc.constantFrom('undo' as const, 'redo' as const, 'save' as const) }),
    );
    fc.assert(
      fc.property(jsonDocument, fc.array(step, { maxLength: 12 }), (doc, steps) => {
        let history: EditHistory<JsonValue> = createHistory(doc);
        let saved = doc;
        for (const action of steps) {
          if (action.type === 'push') history = pushAction(history, patchFor(history.document, action.seeds));
          else if (action.type === 'undo') history = undoHistory(history);
          else if (action.type === 'redo') history = redoHistory(history);
          else {
            history = markSaved(history);
            saved = history.document;
          }
          expect(applyPatch(saved, patchSinceSave(history))).toEqual(history.document);
        }
        while (canUndo(history)) history = undoHistory(history);
        expect(history.document).toEqual(doc);
      }),
      { numRuns: 200 },
    );
  });
});

describe('typed documents', () => {
  it('accepts documents typed with optional members', () => {
    interface Content {
      title?: string;
      items: { name: string; note?: string | undefined }[];
    }
    const content: Content = { items: [{ name: 'a' }] };
    const history = pushAction(createHistory(content), [{ op: 'add', path: '/items/0/note', value: 'n' }]);
    const typed: Content = history.document;
    expect(hasUnsavedChanges(history) && canUndo(history) && patchSinceSave(history).length === 1).toBe(true);
    expect(typed.items[0]?.note).toBe('n');
    expect(applyPatch(content, [{ op: 'add', path: '/title', value: 't' }]).title).toBe('t');
  });
});
