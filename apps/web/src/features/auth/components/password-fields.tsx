import { isStrongPassword, repeatPasswordProblem } from '@groeipad/core';
import { PasswordInput, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

interface PasswordFieldsProps {
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  passwordError?: string | null;
  repeatError?: string | null;
  passwordLabelKey?: string;
}

/** New password and its repetition, sharing one show/hide toggle, with the strength hint. */
export function PasswordFields(props: PasswordFieldsProps) {
  const { t } = useTranslation();
  const [visible, { toggle }] = useDisclosure(false);
  // One toggle shows or hides both fields.
  const visibility = {
    visible,
    onVisibilityChange: toggle,
    visibilityToggleButtonProps: { 'aria-label': t(visible ? 'auth.hidePassword' : 'auth.showPassword') },
  };
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t(props.passwordLabelKey ?? 'auth.fields.password')}
        description={t('passwordRestrictions')}
        autoComplete="new-password"
        required
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        error={props.passwordError ?? undefined}
        {...visibility}
      />
      <PasswordInput
        label={t('auth.fields.repeatPassword')}
        autoComplete="new-password"
        required
        value={props.repeat}
        onChange={(event) => props.onRepeatChange(event.currentTarget.value)}
        error={props.repeatError ?? undefined}
        {...visibility}
      />
    </Stack>
  );
}

/** Client-side check of a new password pair; returns translation keys (the rules are core's). */
export function passwordPairErrors(
  password: string,
  repeat: string,
): { password: string | null; repeat: string | null } {
  return {
    password:
      password.length === 0
        ? 'messages.required'
        : isStrongPassword(password)
          ? null
          : 'passwordRestrictions',
    repeat: repeatPasswordProblem(password, repeat),
  };
}
