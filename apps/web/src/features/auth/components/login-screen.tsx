import { Alert, Center, Divider, Loader, Paper, Stack } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { getMeQueryOptions, useMe } from '@/lib/api/get-me';
import { hostTeamSlug } from '@/lib/api/get-team-by-host';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { SocialSignInButton } from '@/components/social-sign-in-button';
import { errorText } from '@/lib/error-text';
import { getProviders, isSocialProvider, socialRedirectUri } from '@/lib/social-login';
import { ApiError } from '@murmur/core/errors';
import { notify } from '@/lib/notifications';
import { getRecentTeam, session, storageKeys, takeReturnPath } from '@/lib/storage';
import { useConfirmMagicLink } from '../api/confirm-magic-link';
import { codeConnect } from '../api/code-connect';
import { codeLogin } from '../api/code-login';
import { getTwitterAccessToken } from '@/lib/api/twitter-access-token';
import { twitterConnect } from '../api/twitter-connect';
import { twitterLogin } from '@/lib/api/twitter-login';
import {
  completeSocialLogin,
  isSocialCallback,
  UnauthorizedLoginAttempt,
} from '../utils/complete-social-login';
import { requestMagicLink } from '../api/request-magic-link';
import { postSignInPath } from '../utils/post-sign-in-path';
import { EmailCodeSignIn } from './email-code-sign-in';

/** The authorization-code providers, in the order their buttons show once the server lists them. */
const CODE_BUTTONS = [
  { provider: 'twitter_oauth2', label: 'social.signInWithXOAuth2' },
  { provider: 'google', label: 'social.continueWithGoogle' },
  { provider: 'facebook', label: 'social.continueWithFacebook' },
  { provider: 'linkedin', label: 'social.continueWithLinkedIn' },
] as const;

/**
 * X's OAuth 2.0 (PKCE) sign-in is a second way in with X that the sandbox offers for testing it: its
 * button ("Sign in with X (OAuth 2.0)") shows only when the consent page is the sandbox's. Against
 * the real X, customers get one "Sign in with X", not two buttons told apart by a protocol name.
 */
const isShown = (provider: { provider: string; authorize_url: string }): boolean =>
  provider.provider !== 'twitter_oauth2' ||
  new URL(provider.authorize_url, window.location.href).pathname.startsWith('/sandbox/');

/** /login/:network? — sign in or register with an emailed code, or with X, Google, Facebook or LinkedIn. */
export interface LoginScreenProps {
  /** More ways to sign in, under the e-mail code (the app adds single sign-on). */
  more?: ReactNode;
}

export function LoginScreen({ more }: LoginScreenProps = {}) {
  const { t } = useTranslation();
  const { network } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const confirm = useConfirmMagicLink();
  const providers = useQuery({ queryKey: ['auth-providers'], queryFn: getProviders, staleTime: Infinity });
  const leaving = useRef(false);
  const handled = useRef(false);
  const callback = isSocialProvider(network) && isSocialCallback(network, params);
  const [socialError, setSocialError] = useState<string | null>(null);
  usePageTitle(t('login.title'));

  const goOn = (user: User) => {
    if (leaving.current) return;
    leaving.current = true;
    const returnPath = takeReturnPath();
    void hostTeamSlug(
      (options) => queryClient.fetchQuery(options),
      window.location.host,
      user.memberships,
    ).then((hostTeam) =>
      navigate(postSignInPath(user, { returnPath, recentTeam: getRecentTeam(), hostTeam }), {
        replace: true,
      }),
    );
  };

  // Already signed in (e.g. the login page was bookmarked): go straight on — unless a provider is
  // sending the user back, which may be a connect for the signed-in user.
  useEffect(() => {
    if (me.data && !callback) goOn(me.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the user becomes known
  }, [me.data]);

  // SPEC §4: back from the provider — check the state, exchange, then sign in or connect.
  useEffect(() => {
    if (!callback || handled.current || !isSocialProvider(network)) return;
    handled.current = true;
    // Read before completeSocialLogin forgets it: a failed link keeps the user signed in.
    const connecting = session.get(storageKeys.connectSocial) === 'true';
    const deps = { getTwitterAccessToken, twitterLogin, twitterConnect, codeLogin, codeConnect };
    void completeSocialLogin(network, params, socialRedirectUri(network), deps).then(
      async (result) => {
        const meKey = getMeQueryOptions().queryKey;
        // As after the magic link: nothing cached for another user may leak into this session.
        if (result.kind === 'signedIn') {
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] });
        }
        queryClient.setQueryData(meKey, result.user);
        await queryClient.invalidateQueries({ queryKey: meKey });
        goOn(result.user);
      },
      (failure: unknown) => {
        if (connecting) {
          // Linking failed for a signed-in user: back where they started, with the reason, instead
          // of the sign-in form (SPEC §4: connectSocial links to the current user).
          const reason =
            failure instanceof UnauthorizedLoginAttempt
              ? t('social.unauthorized')
              : failure instanceof ApiError && failure.status !== 0 && failure.message
                ? failure.message
                : errorText(failure, t);
          notify.error(t('paying.connect.failed', { reason }));
          leaving.current = true;
          void navigate(takeReturnPath() ?? '/', { replace: true });
          return;
        }
        setSocialError(
          failure instanceof UnauthorizedLoginAttempt ? t('social.unauthorized') : errorText(failure, t),
        );
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per provider callback
  }, [callback]);

  if (callback && socialError === null) {
    return (
      <Center mih={300}>
        <Loader role="status" aria-label={t('social.signingIn')} />
      </Center>
    );
  }

  if (!callback && (me.isPending || me.data)) {
    return (
      <Center mih={300}>
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack gap="lg">
          <PageHeader title={t('login.title')} intro={t('login.intro')} />
          {socialError !== null && (
            <Alert color="red" role="alert">
              {socialError}
            </Alert>
          )}
          {network !== undefined && network !== 'email' && !isSocialProvider(network) && (
            <Alert color="yellow">{t('login.networkUnavailable', { network })}</Alert>
          )}
          <Stack gap="xs">
            <SocialSignInButton provider="twitter" label={t('social.signInWithX')} />
            {CODE_BUTTONS.filter(({ provider }) =>
              providers.data?.some((p) => p.provider === provider && isShown(p)),
            ).map(({ provider, label }) => (
              <SocialSignInButton key={provider} provider={provider} label={t(label)} />
            ))}
          </Stack>
          <Divider label={t('social.orEmail')} labelPosition="center" />
          <EmailCodeSignIn
            requestCode={requestMagicLink}
            confirmCode={(body) => confirm.mutateAsync(body)}
            onSignedIn={({ user }) => goOn(user)}
          />
          {more}
        </Stack>
      </Paper>
    </Center>
  );
}
