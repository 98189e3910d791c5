import { Button, Stack, TextInput } from '@mantine/core';
import { isValidEmail } from '@murmur/core/validation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmailFormProps {
  defaultEmail?: string;
  /** Sends the code; resolves when it has been sent. */
  onSubmit: (email: string) => Promise<void>;
  /** A message from the last failed attempt. */
  serverError?: string | null;
}

/** Step one of the email sign-in: the address the code is sent to. */
export function EmailForm({ defaultEmail = '', onSubmit, serverError }: EmailFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const value = email.trim();
    // SPEC §5: "Please enter a valid email address".
    if (!isValidEmail(value)) {
      setError(t('validation.email'));
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSubmit(value);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('login.emailLabel')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            // SPEC §5: once an error shows, it is re-checked after every change.
            if (error !== null)
              setError(isValidEmail(event.currentTarget.value) ? null : t('validation.email'));
          }}
          error={error ?? serverError ?? undefined}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('login.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}
