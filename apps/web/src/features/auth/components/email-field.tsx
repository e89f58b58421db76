import { isValidEmail } from '@groeipad/core';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Translation key of what is wrong with a typed e-mail address, or null when it is valid. */
export function emailProblem(email: string): string | null {
  if (isValidEmail(email)) return null;
  return email.trim() ? 'messages.invalidEmail' : 'messages.required';
}

interface EmailFieldProps {
  value: string;
  /** Receives the new text; the caller also clears the field's error there. */
  onChange: (value: string) => void;
  error?: string | null;
  /** `username` on the sign-in form, so that password managers pair it with the password. */
  autoComplete?: 'email' | 'username';
}

/** The required e-mail address field of the sign-in area's forms. */
export function EmailField({ value, onChange, error, autoComplete = 'email' }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.fields.email')}
      type="email"
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
