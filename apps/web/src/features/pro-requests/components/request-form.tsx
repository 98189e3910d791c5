import { Alert, Button, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import type { AudienceRequestKind } from '@murmur/core/api';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { personalStore } from '@/lib/personal-store';
import { useCreateRequest } from '../api/create-request';
import { validateAdAccount, validateEmail, validateHandle } from '../api/validate';
import { StaffRequests } from './staff-requests';

export interface RequestFormProps {
  kind: AudienceRequestKind;
  /** request-download/:title — what is to be downloaded. */
  title?: string | undefined;
}

const TITLES = {
  audience: 'screens.requestAudience',
  download: 'screens.requestDownload',
  access: 'screens.requestAccess',
} as const;

/**
 * SPEC §2 /request-audience, /request-download/:title?, /request-access: the request, checked as it is
 * typed (validate-email, -handle, -ad-account), then a verification mail and the confirmation page.
 */
export function RequestForm({ kind, title }: RequestFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t(TITLES[kind]));
  const navigate = useNavigate();
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  const [form, setForm] = useState({
    name: personal.name !== null && personal.name !== personal.email ? personal.name : '',
    email: personal.email ?? '',
    company: '',
    handle: '',
    ad_account_id: '',
    description: '',
    title: title ?? '',
  });
  const [hints, setHints] = useState<Partial<Record<keyof typeof form, string>>>({});
  const create = useCreateRequest();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const hint = (key: keyof typeof form, text: string | undefined) => setHints((h) => ({ ...h, [key]: text }));

  const checkEmail = async () => {
    if (form.email.trim() === '') return hint('email', undefined);
    const result = await validateEmail(form.email).catch(() => null);
    hint('email', result?.valid === false ? t('validation.email') : undefined);
  };
  const checkHandle = async () => {
    const handle = form.handle.trim().replace(/^@+/, '');
    if (handle === '') return hint('handle', undefined);
    const result = await validateHandle(handle).catch(() => null);
    hint('handle', result?.valid === false ? t('proSite.requests.unknownHandle', { handle }) : undefined);
  };
  const checkAdAccount = async () => {
    const id = form.ad_account_id.trim();
    if (id === '') return hint('ad_account_id', undefined);
    const result = await validateAdAccount(id).catch(() => null);
    hint('ad_account_id', result?.access === true ? undefined : t('proSite.requests.noAccess'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { kind, ...form, handle: form.handle.trim().replace(/^@+/, ''), language },
      {
        onSuccess: (created) =>
          void navigate(`/request-confirmation?email=${encodeURIComponent(created.email)}&kind=${kind}`),
      },
    );
  };
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={t(TITLES[kind])} intro={t(`proSite.requests.intro.${kind}`)} />
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('proSite.requests.name')}
            value={form.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            required
            maxLength={200}
          />
          <TextInput
            label={t('proSite.requests.email')}
            type="email"
            value={form.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            onBlur={() => void checkEmail()}
            error={hints.email}
            required
            maxLength={254}
          />
          <TextInput
            label={t('proSite.requests.company')}
            value={form.company}
            onChange={(e) => set('company')(e.currentTarget.value)}
            maxLength={200}
          />
          {kind === 'download' && (
            <TextInput
              label={t('proSite.requests.title')}
              value={form.title}
              onChange={(e) => set('title')(e.currentTarget.value)}
              required
              maxLength={200}
            />
          )}
          {kind !== 'download' && (
            <TextInput
              label={t('proSite.requests.handle')}
              placeholder="@handle"
              value={form.handle}
              onChange={(e) => set('handle')(e.currentTarget.value)}
              onBlur={() => void checkHandle()}
              error={hints.handle}
              maxLength={51}
            />
          )}
          {kind === 'access' && (
            <TextInput
              label={t('proSite.requests.adAccount')}
              description={t('proSite.requests.adAccountHelp')}
              value={form.ad_account_id}
              onChange={(e) => set('ad_account_id')(e.currentTarget.value)}
              onBlur={() => void checkAdAccount()}
              error={hints.ad_account_id}
              maxLength={24}
            />
          )}
          <Textarea
            label={t(`proSite.requests.description.${kind}`)}
            value={form.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
            autosize
            minRows={4}
            maxLength={5000}
            required={kind === 'audience'}
          />
          {create.isError && (
            <Alert color="red" role="alert">
              {errorText(create.error, t)}
            </Alert>
          )}
          <Button type="submit" loading={create.isPending} w="fit-content">
            {t('proSite.requests.send')}
          </Button>
        </Stack>
      </Paper>
      {kind === 'audience' && <StaffRequests />}
    </Stack>
  );
}
