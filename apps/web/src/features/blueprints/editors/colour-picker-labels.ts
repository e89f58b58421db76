import type { ColorInputProps } from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * Accessible names for the picker inside Mantine's ColorInput dropdown. ColorInput does not pass
 * `saturationLabel`/`hueLabel` on to its ColorPicker, so its saturation area and sliders (role
 * slider) had no name while the dropdown was open (axe: aria-input-field-name). Its `attributes`
 * do reach the picker: the sliders take an aria-label; the saturation area sets its own
 * aria-label after ours (undefined), so it gets a title instead, which axe and screen readers
 * accept as the name.
 */
export function colourPickerLabels(t: TFunction, label: string): ColorInputProps['attributes'] {
  return {
    saturation: { title: t('blueprintEditors.colourPicker.saturation', { label }) },
    slider: { 'aria-label': t('blueprintEditors.colourPicker.slider', { label }) },
  };
}
