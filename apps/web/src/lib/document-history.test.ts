import { applyPatch, type JsonObject } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { change, loaded, pendingPatch, redo, saved, status, TYPING_PAUSE_MS, undo } from './document-history';

type Doc = { competences: { uuid: string; description: string }[] };

describe('document history (spec part 2 §4)', () => {
  const start = loaded<Doc>({ competences: [{ uuid: 'a', description: 'A' }] }, 3);

  it('records each change as one undoable action; save sends exactly what changed', () => {
    let state = change(start, (d) => {
      d.competences.push({ uuid: 'b', description: 'B' });
    });
    state = change(state, (d) => {
      d.competences[0]!.description = 'A!';
    });
    expect(status(state)).toEqual({ canUndo: true, canRedo: false, dirty: true });
    const patch = pendingPatch(state);
    expect(applyPatch(start.history.document, patch)).toEqual(state.history.document);
    state = undo(state);
    expect(state.history.document.competences[0]!.description).toBe('A');
    expect(status(state).canRedo).toBe(true);
    // a new action discards the redo tail
    state = change(state, (d) => {
      d.competences.pop();
    });
    expect(status(state).canRedo).toBe(false);
  });

  it('a change that changes nothing is no action; undoing back to the saved point is clean', () => {
    expect(change(start, () => {})).toBe(start);
    const state = undo(
      change(start, (d) => {
        d.competences[0]!.description = 'X';
      }),
    );
    expect(status(state).dirty).toBe(false);
    expect(pendingPatch(state)).toEqual([]);
    expect(status(redo(state)).dirty).toBe(true);
  });

  it('after a save the server’s document and version are the new clean starting point', () => {
    const edited = change(start, (d) => {
      d.competences = [];
    });
    const after = saved(edited, { competences: [] }, 4);
    expect(after.version).toBe(4);
    expect(status(after)).toEqual({ canUndo: false, canRedo: false, dirty: false });
  });

  it('groups typing into words: ten words typed undo in ten presses; a pause or another field starts anew', () => {
    const words = 'Sam werkt zorgvuldig en vraagt hulp als het nodig is'.split(' ');
    let state = loaded<JsonObject>({}, 1);
    let text = '';
    let at = 1000;
    for (const [index, word] of words.entries())
      for (const char of index === 0 ? word : ` ${word}`) {
        text += char;
        at += 80;
        state = change(
          state,
          (doc) => {
            doc.verslag = text;
          },
          at,
        );
      }
    expect(state.history.document).toEqual({ verslag: words.join(' ') });
    let presses = 0;
    while (status(state).canUndo) {
      state = undo(state);
      presses++;
    }
    expect(presses).toBe(words.length);
    expect(state.history.document).toEqual({});

    // A pause of more than TYPING_PAUSE_MS within a word, and a keystroke in another field: new steps.
    let other = loaded<JsonObject>({}, 1);
    other = change(
      other,
      (doc) => {
        doc.a = 'ab';
      },
      0,
    );
    other = change(
      other,
      (doc) => {
        doc.a = 'abc';
      },
      TYPING_PAUSE_MS + 1,
    );
    other = change(
      other,
      (doc) => {
        doc.b = 'x';
      },
      TYPING_PAUSE_MS + 2,
    );
    expect(other.history.past).toHaveLength(3);
    // After an undo, typing never joins what was undone.
    other = change(
      undo(other),
      (doc) => {
        doc.a = 'abcd';
      },
      TYPING_PAUSE_MS + 3,
    );
    expect(undo(other).history.document).toEqual({ a: 'abc' });
  });
});
