import type { Rgb } from '@groeipad/core';

const channel = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** An RGB triple as '#rrggbb' (the colour input's value). */
export function rgbToHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((value) => channel(value).toString(16).padStart(2, '0')).join('')}`;
}

/** '#rgb' or '#rrggbb' (the '#' optional) as an RGB triple; null for anything else. */
export function hexToRgb(hex: string): Rgb | null {
  const digits = hex.trim().replace(/^#/, '');
  if (!/^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(digits)) return null;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as Rgb;
}
