import { normaliseColour } from '@groeipad/core';
import { ColorInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { colourPickerLabels } from '../colour-picker-labels';

interface Props {
  label: string;
  value: string;
  onCommit: (colour: string) => void;
  disabled?: boolean;
  /** Offer 4 and 8 digits with alpha too (rating entries); RGB tables use 3 or 6 digits. */
  alpha?: boolean;
  validate?: (text: string) => string | null;
  /** The label only for assistive technology (in a table whose header already says it). */
  labelHidden?: boolean;
}

/**
 * A colour as hex text with a 200 px picker (spec part 2 §9). Typed text is stored once it is a valid
 * colour (core fields/colour.ts: 3 or 6 hex digits, or 4 or 8 with alpha; the '#' may be left out);
 * anything else shows an error and is not stored.
 */
export function ColourField({
  label,
  value,
  onCommit,
  disabled,
  alpha = true,
  validate,
  labelHidden,
}: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setDraft(value);
    setInvalid(false);
  }, [value]);

  const check = (text: string) => (validate ? validate(text) : normaliseColour(text));
  const commit = (text: string) => {
    const colour = check(text);
    setInvalid(colour === null);
    if (colour !== null && colour !== value) onCommit(colour);
  };

  return (
    <ColorInput
      label={labelHidden ? undefined : label}
      aria-label={labelHidden ? label : undefined}
      value={draft}
      onChange={(text) => {
        setDraft(text);
        if (check(text) !== null) {
          setInvalid(false);
        }
      }}
      onChangeEnd={commit}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
      // Alpha only when the text has it: the picker would otherwise add 'ff' to every colour.
      format={alpha && /^#?(?:[0-9a-f]{4}|[0-9a-f]{8})$/i.test(draft.trim()) ? 'hexa' : 'hex'}
      fixOnBlur={false}
      withEyeDropper={false}
      error={invalid ? t('blueprintEditors.colourInvalid') : undefined}
      disabled={disabled}
      popoverProps={{ width: 200 }}
      attributes={colourPickerLabels(t, label)}
      style={{ minWidth: 0 }}
    />
  );
}
