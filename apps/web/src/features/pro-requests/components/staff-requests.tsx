import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { AudienceRequest } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { useStaffAccess } from '@/lib/api/staff-access';
import { errorText } from '@/lib/error-text';
import { personalStore } from '@/lib/personal-store';
import { useAnswerRequest, useStaffRequests } from '../api/staff-requests';

/** SPEC §6 internal staff (signed in on the provider's domain) see confirmed requests and answer them. */
export function StaffRequests() {
  const { t } = useTranslation();
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  // Staff are told by the server (their address's domain): the list is asked only of them, and
  // anyone else sees the request form alone.
  const staff = useStaffAccess(personal.token).data?.staff === true;
  const requests = useStaffRequests(personal.token, staff);
  if (!staff || !requests.isSuccess) return null;
  return (
    <Paper withBorder p="lg" aria-labelledby="staff-requests">
      <Stack gap="md">
        <Title order={2} size="h3" id="staff-requests">
          {t('proSite.requests.staffTitle')}
        </Title>
        {requests.data.results.length === 0 && <Text c="dimmed">{t('proSite.requests.staffEmpty')}</Text>}
        {requests.data.results.map((r) => (
          <StaffRequest key={r.id} request={r} />
        ))}
      </Stack>
    </Paper>
  );
}

function StaffRequest({ request }: { request: AudienceRequest }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [answer, setAnswer] = useState('');
  const send = useAnswerRequest();
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600}>
            {request.name} &lt;{request.email}&gt;
          </Text>
          <Group gap={6}>
            <Badge variant="light">{t(`proSite.requests.kinds.${request.kind}`)}</Badge>
            <Badge color={request.state === 'answered' ? 'teal' : 'yellow'}>
              {t(`proSite.requests.states.${request.state}`)}
            </Badge>
            <Badge variant="outline">{request.language.toUpperCase()}</Badge>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDate(request.created, language)} {request.company && `· ${request.company}`}{' '}
          {request.handle && `· @${request.handle}`} {request.title && `· ${request.title}`}
        </Text>
        {request.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {request.description}
          </Text>
        )}
        {request.state === 'answered' ? (
          <Text size="sm" c="teal.8" style={{ whiteSpace: 'pre-wrap' }}>
            {request.answer}
            {request.feedback && ` — ${'★'.repeat(request.feedback.rating)} ${request.feedback.comment}`}
          </Text>
        ) : (
          <Group align="flex-end">
            <Textarea
              label={t('proSite.requests.answer')}
              value={answer}
              onChange={(e) => setAnswer(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={5000}
              style={{ flex: 1 }}
            />
            <Button
              loading={send.isPending}
              disabled={answer.trim() === ''}
              onClick={() => send.mutate([request.id, answer.trim()])}
            >
              {t('proSite.requests.sendAnswer')}
            </Button>
          </Group>
        )}
        {send.isError && (
          <Text c="red" size="sm" role="alert">
            {errorText(send.error, t)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
