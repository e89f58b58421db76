import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { colourPickerLabels } from './colour-picker-labels';

const t = ((key: string, options: { label: string }) => `${key}(${options.label})`) as unknown as TFunction;

describe('colourPickerLabels', () => {
  it('names the saturation area (title) and the sliders (aria-label) after the colour field', () => {
    expect(colourPickerLabels(t, 'Kleur van score 1')).toEqual({
      saturation: { title: 'blueprintEditors.colourPicker.saturation(Kleur van score 1)' },
      slider: { 'aria-label': 'blueprintEditors.colourPicker.slider(Kleur van score 1)' },
    });
  });
});
