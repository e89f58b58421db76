import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText, fieldErrorTexts } from '../../../../lib/api-error';
import {
  type NameDescription,
  NameDescriptionFields,
  nameDescriptionProblems,
} from './name-description-fields';

interface Props {
  title: string;
  submitLabel: string;
  initial: NameDescription;
  /** When it changes, the fields start again from `initial` (another library entry was chosen). */
  resetKey?: string | number;
  /** Fields above the name (the type of a new blueprint, the library entry to import). */
  children?: ReactNode;
  /** The fields above are incomplete: submitting only shows their errors (`onAttempt`). */
  incomplete?: boolean;
  onAttempt?: () => void;
  pending: boolean;
  /** The failure of the last submit: field errors show beside the fields, anything else above the buttons. */
  error: unknown;
  /** Called on every change, e.g. to forget an earlier failure. */
  onEdit?: () => void;
  onSubmit: (value: NameDescription) => void;
  onClose: () => void;
  /** Paths of server field errors the fields above show themselves (e.g. type). */
  extraFieldPaths?: readonly string[];
  size?: string;
}

/**
 * The dialog of create, copy, edit and import (spec part 2 §2, §5): name (required, ≤255) and description
 * (≤1000) with counters, errors once a submit was tried, the server's field errors beside the fields and
 * saveDocumentFailure with the reason for anything else.
 */
export function BlueprintFormModal({
  title,
  submitLabel,
  initial,
  resetKey = 0,
  children,
  incomplete = false,
  onAttempt,
  pending,
  error,
  onEdit,
  onSubmit,
  onClose,
  extraFieldPaths = [],
  size = 'lg',
}: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState({ key: resetKey, value: initial });
  if (state.key !== resetKey) setState({ key: resetKey, value: initial });
  const value = state.key === resetKey ? state.value : initial;
  const [tried, setTried] = useState(false);
  const problems = nameDescriptionProblems(value);
  const server = fieldErrorTexts(t, error);
  const errors = {
    name: tried && problems.name ? t(`messages.${problems.name}`) : server.name,
    description: tried && problems.description ? t(`messages.${problems.description}`) : server.description,
  };
  const shownPaths = ['name', 'description', ...extraFieldPaths];
  const otherFailure =
    error && !(error instanceof ApiError && error.fields.some((field) => shownPaths.includes(field.path)))
      ? errorText(t, error)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    onAttempt?.();
    if (pending || incomplete || problems.name || problems.description) return;
    onSubmit({ name: value.name.trim(), description: value.description.trim() });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {children}
          <NameDescriptionFields
            value={value}
            autoFocus={!children}
            errors={errors}
            onChange={(next) => {
              setState({ key: resetKey, value: next });
              onEdit?.();
            }}
          />
          {otherFailure ? (
            <Alert color="red" role="alert" title={t('saveDocumentFailure')}>
              {otherFailure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-save-shortcut aria-keyshortcuts="Control+S Meta+S">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
