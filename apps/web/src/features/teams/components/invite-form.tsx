import { Button, Group, List, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MAX_INVITES_PER_REQUEST, type Invite } from '@murmur/core/api';
import { parseEmailList } from '@murmur/core/validation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldError } from '@/lib/error-text';
import { useCreateInvites } from '../api/create-invites';
import { InviteStateBadge } from './invite-state-badge';

export interface InviteFormProps {
  teamId: number;
}

/** Invite new member: one or several addresses in one field, an optional message (SPEC §5). */
export function InviteForm({ teamId }: InviteFormProps) {
  const { t } = useTranslation();
  const create = useCreateInvites(teamId);
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Invite[]>([]);

  const validate = (text: string): string | null => {
    const { valid, invalid } = parseEmailList(text);
    if (invalid.length > 0) return t('teams.invites.invalidEmails', { emails: invalid.join(', ') });
    if (valid.length === 0) return t('validation.required', { field: t('teams.invites.emailsLabel') });
    if (valid.length > MAX_INVITES_PER_REQUEST)
      return t('teams.invites.tooMany', { count: MAX_INVITES_PER_REQUEST });
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(emails);
    setError(problem);
    if (problem !== null || create.isPending) return;
    const sentText = { emails, message };
    try {
      const invites = await create.mutateAsync({
        emails: parseEmailList(emails).valid,
        message: message.trim(),
      });
      setSent(invites);
      // Emptied for the next invitations, unless typed into while these were being sent.
      setEmails((now) => (now === sentText.emails ? '' : now));
      setMessage((now) => (now === sentText.message ? '' : now));
    } catch (failure) {
      setError(fieldError(failure, 'emails') ?? errorText(failure, t));
    }
  };

  return (
    <Stack gap="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Textarea
            label={t('teams.invites.emailsLabel')}
            description={t('teams.invites.emailsHint')}
            placeholder="alex@example.com, sam@example.com"
            autosize
            minRows={2}
            required
            value={emails}
            onChange={(event) => {
              setEmails(event.currentTarget.value);
              if (error !== null) setError(validate(event.currentTarget.value));
            }}
            error={error ?? undefined}
          />
          <Textarea
            label={t('teams.invites.messageLabel')}
            description={t('teams.invites.messageHint')}
            autosize
            minRows={2}
            maxLength={1000}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('teams.invites.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {sent.length > 0 && (
        <Paper withBorder p="sm" role="status">
          <Text size="sm" fw={600} mb="xs">
            {t('teams.invites.created', { count: sent.length })}
          </Text>
          <List spacing={4} size="sm" listStyleType="none">
            {sent.map((invite) => (
              <List.Item key={invite.id}>
                <Group gap="xs">
                  <Text size="sm">{invite.email}</Text>
                  <InviteStateBadge invite={invite} />
                </Group>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
