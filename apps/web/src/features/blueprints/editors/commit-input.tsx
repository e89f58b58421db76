import { TextInput, type TextInputProps } from '@mantine/core';
import { useDraft } from './use-draft';

type CommitProps = {
  value: string;
  /** Called with the typed text when typing pauses, on blur and on Enter. */
  onCommit: (text: string) => void;
};

/**
 * A text input that writes to the document per pause in typing (see useDraft). On blur it shows what
 * was stored, which may differ from what was typed (a field name loses its dots; an empty name is
 * ignored and the old one comes back).
 */
export function CommitTextInput({
  value,
  onCommit,
  ...props
}: CommitProps & Omit<TextInputProps, 'value' | 'onChange'>) {
  const { draft, setDraft, flush, reset } = useDraft(value, onCommit);
  return (
    <TextInput
      {...props}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => {
        flush();
        reset();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') flush();
      }}
    />
  );
}
