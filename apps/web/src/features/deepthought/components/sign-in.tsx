import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { errorText } from '@/lib/error-text';
import { startSocialLogin } from '@/lib/social-login';
import { completeDeepThoughtSignIn, UnauthorizedLoginAttempt } from '../api/sign-in';

/** The X button: sends the browser to X's authorisation page (the sandbox's by default). */
export function SignInWithXButton({ adding = false }: { adding?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <Stack gap="xs">
      <Button
        color="dark"
        loading={busy}
        onClick={() => {
          setBusy(true);
          setError(undefined);
          startSocialLogin('twitter', { connect: adding }).catch((e: unknown) => {
            setBusy(false);
            setError(errorText(e, t));
          });
        }}
      >
        {adding ? t('deepThought.addAccount') : t('deepThought.signInWithX')}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** /authenticated and /login/twitter: start sign in with X, or finish it when X sends the user back. */
export function SignInScreen() {
  const { t } = useTranslation();
  usePageTitle(t('premium.screens.authenticated'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const returning = params.has('oauth_verifier') || params.has('denied');
  const [failure, setError] = useState<string>();
  const error = params.has('denied') ? t('deepThought.denied') : failure;
  const started = useRef(false);
  useEffect(() => {
    if (!returning || started.current || params.has('denied')) return;
    started.current = true;
    completeDeepThoughtSignIn(new URLSearchParams(params))
      .then(async () => {
        await client.invalidateQueries();
        await navigate('/premium-suite', { replace: true });
      })
      .catch((e: unknown) => setError(e instanceof UnauthorizedLoginAttempt ? e.message : errorText(e, t)));
  }, [returning, params, navigate, client, t]);
  return (
    <Paper withBorder p="xl" radius="md" maw={520} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('deepThought.signInTitle')}
        </Title>
        {returning && !error ? (
          <Stack align="center" gap="xs">
            <Loader role="status" aria-label={t('common.loading')} />
            <Text>{t('deepThought.signingIn')}</Text>
          </Stack>
        ) : (
          <>
            <Text c="dimmed">{t('deepThought.signInBody')}</Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <SignInWithXButton />
          </>
        )}
      </Stack>
    </Paper>
  );
}
