import { Alert, Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { SOCIAL_REDIRECT_TIMEOUT_MS, startSocialLogin, type SocialProvider } from '../lib/social-login';

export interface SocialSignInButtonProps {
  provider: SocialProvider;
  label: string;
  /** Link the account to the signed-in user instead of signing in (sets connectSocial). */
  connect?: boolean;
  variant?: string;
}

/**
 * SPEC §4: starts the provider's sign-in, waits for the page to leave and shows an error when it has
 * not within 20 000 ms (or when the start call fails).
 */
export function SocialSignInButton({
  provider,
  label,
  connect = false,
  variant = 'default',
}: SocialSignInButtonProps) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = async () => {
    setError(null);
    setWaiting(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setWaiting(false);
      setError(t('social.timeout'));
    }, SOCIAL_REDIRECT_TIMEOUT_MS);
    try {
      await startSocialLogin(provider, { connect });
    } catch (failure) {
      window.clearTimeout(timer.current);
      setWaiting(false);
      setError(errorText(failure, t));
    }
  };

  return (
    <Stack gap="xs">
      <Button variant={variant} loading={waiting} onClick={() => void start()}>
        {label}
      </Button>
      {error !== null && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
