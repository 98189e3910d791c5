import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/async-button';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useChangeCreatorAccess, useStaffAccess, useUserGroups } from '../api/staff';

/** Our own words for the answers staff meet most, so that they read in the interface language. */
function lookupError(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 404) return t('staff.notFound');
  if (error instanceof ApiError && error.status === 403) return t('staff.staffOnly');
  return errorText(error, t);
}

/**
 * SPEC §6 staff screen: internal staff (a signed-in address on the provider's domain) find a user
 * by address, see their groups and give or take away creator access (the Audience_creator group).
 * Everyone else is told the screen is for staff; the API answers them 403 anyway.
 */
export function StaffGroups() {
  const { t } = useTranslation();
  usePageTitle(t('staff.title'));
  const access = useStaffAccess();
  const [input, setInput] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const groups = useUserGroups(email);
  const change = useChangeCreatorAccess();

  if (access.isPending) return <Skeleton h={120} />;
  if (!access.data?.staff)
    return (
      <Stack>
        <PageHeader title={t('staff.title')} intro={t('staff.description')} />
        <Alert color="gray" title={t('staff.staffOnlyTitle')}>
          {t('staff.staffOnly')}
        </Alert>
      </Stack>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    if (value) setEmail(value);
  };
  const user = groups.data;
  const isCreator = user?.groups.some((g) => g.name === AUDIENCE_CREATOR_GROUP) ?? false;

  return (
    <Stack>
      <PageHeader title={t('staff.title')} intro={t('staff.description')} />
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            type="email"
            label={t('staff.email')}
            placeholder="name@example.com"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            w={340}
            required
          />
          <Button type="submit" loading={groups.isFetching}>
            {t('staff.find')}
          </Button>
        </Group>
      </form>
      {groups.isError && (
        <Alert color="red" role="alert">
          {lookupError(groups.error, t)}
        </Alert>
      )}
      {user && (
        <Paper withBorder p="md" radius="md" data-testid="staff-user">
          <Stack gap="xs">
            <Text fw={600}>{user.email}</Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('staff.groups')}
              </Text>
              {user.groups.length === 0 ? (
                <Text size="sm">{t('staff.noGroups')}</Text>
              ) : (
                user.groups.map((g) => (
                  <Badge key={g.name} variant="light">
                    {g.name === AUDIENCE_CREATOR_GROUP ? t('staff.creatorGroup') : g.name}
                  </Badge>
                ))
              )}
            </Group>
            <Group>
              <AsyncButton
                variant={isCreator ? 'default' : 'filled'}
                color={isCreator ? 'red' : undefined}
                onClick={async () => {
                  try {
                    await change.mutateAsync({ email: user.email, give: !isCreator });
                    notify.success(t(isCreator ? 'staff.removed' : 'staff.given', { email: user.email }));
                  } catch (error) {
                    notify.error(lookupError(error, t));
                  }
                }}
              >
                {t(isCreator ? 'staff.remove' : 'staff.give')}
              </AsyncButton>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
