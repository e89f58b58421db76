import type { FieldType } from '@groeipad/core';
import {
  IconCalculator,
  IconCalendar,
  IconDecimal,
  IconFolder,
  IconForms,
  IconHierarchy,
  IconListCheck,
  IconNumber,
  IconPaperclip,
  IconPhoto,
  IconSelector,
  IconSquareCheck,
  IconStar,
  IconWorld,
} from '@tabler/icons-react';

const ICONS = {
  boolean: IconSquareCheck,
  calculation: IconCalculator,
  competence_list: IconHierarchy,
  date: IconCalendar,
  decimal: IconDecimal,
  group: IconFolder,
  integer: IconNumber,
  image: IconPhoto,
  rating: IconStar,
  select: IconSelector,
  multi_select: IconListCheck,
  text: IconForms,
  url: IconWorld,
  upload: IconPaperclip,
} satisfies Record<FieldType, unknown>;

/** The icon of a field type (decorative: the type's name is always written beside it). */
export function FieldTypeIcon({ type, size = 14 }: { type: FieldType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden="true" />;
}
