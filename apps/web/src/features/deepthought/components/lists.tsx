import {
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { XList } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useChangeMembers } from '../api/change-list-members';
import { useCreateList } from '../api/create-list';
import { useDeleteList } from '../api/delete-list';
import { useDtConnections } from '../api/get-connections';
import { useDtListMembers } from '../api/get-list-members';
import { useDtLists } from '../api/get-lists';
import { useUpdateList } from '../api/update-list';
import { DtScreen } from './dt-frame';
import { UsersTable } from './users-table';

function ListForm({ list, onDone }: { list?: XList; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateList();
  const update = useUpdateList();
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [isPrivate, setPrivate] = useState(list?.private ?? false);
  const mutation = list ? update : create;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const body = { name, description, private: isPrivate };
        if (list) update.mutate({ listId: list.id, changes: body }, { onSuccess: onDone });
        else create.mutate(body, { onSuccess: onDone });
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('deepThought.lists.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={25}
        />
        <Textarea
          label={t('deepThought.lists.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={100}
        />
        <Checkbox
          label={t('deepThought.lists.private')}
          checked={isPrivate}
          onChange={(e) => setPrivate(e.currentTarget.checked)}
        />
        {mutation.isError && (
          <Text size="sm" c="red" role="alert">
            {errorText(mutation.error, t)}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {list ? t('deepThought.lists.save') : t('deepThought.lists.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Members({ list }: { list: XList }) {
  const { t } = useTranslation();
  const members = useDtListMembers(list.id);
  const followers = useDtConnections('following', { page: 1, page_size: 100, sort: '-followers' });
  const change = useChangeMembers();
  const [adding, setAdding] = useState<Set<string>>(new Set());
  const [removing, setRemoving] = useState<Set<string>>(new Set());
  const memberIds = new Set(members.data?.members.map((m) => m.id));
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('deepThought.lists.members', { n: members.data?.members.length ?? 0 })}</Text>
      <UsersTable users={members.data?.members ?? []} selectable selected={removing} onSelect={setRemoving} />
      <Group>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={removing.size === 0}
          loading={change.isPending}
          onClick={() =>
            change.mutate(
              { listId: list.id, changes: { remove: [...removing] } },
              { onSuccess: () => setRemoving(new Set()) },
            )
          }
        >
          {t('deepThought.lists.remove', { n: removing.size })}
        </Button>
      </Group>
      <Text fw={600}>{t('deepThought.lists.addFromFollowing')}</Text>
      <UsersTable
        users={(followers.data?.results ?? []).filter((u) => !memberIds.has(u.id))}
        selectable
        selected={adding}
        onSelect={setAdding}
      />
      <Group>
        <Button
          size="xs"
          disabled={adding.size === 0}
          loading={change.isPending}
          onClick={() =>
            change.mutate(
              { listId: list.id, changes: { add: [...adding] } },
              { onSuccess: () => setAdding(new Set()) },
            )
          }
        >
          {t('deepThought.lists.add', { n: adding.size })}
        </Button>
      </Group>
      {change.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(change.error, t)}
        </Text>
      )}
    </Stack>
  );
}

export function ListsScreen() {
  const { t } = useTranslation();
  const lists = useDtLists();
  const remove = useDeleteList();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<XList>();
  const [open, setOpen] = useState<XList>();
  return (
    <DtScreen
      title={t('premium.screens.lists')}
      intro={t('deepThought.intro.lists')}
      query={lists}
      actions={
        <Button onClick={() => setCreating(true)} disabled={!lists.isSuccess}>
          {t('deepThought.lists.new')}
        </Button>
      }
    >
      {(data) => (
        <Stack gap="md">
          {data.length === 0 ? (
            <Text c="dimmed">{t('deepThought.lists.none')}</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('deepThought.lists.name')}</Table.Th>
                  <Table.Th>{t('deepThought.lists.description')}</Table.Th>
                  <Table.Th ta="right">{t('deepThought.col.members')}</Table.Th>
                  <Table.Th>{t('deepThought.col.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((list) => (
                  <Table.Tr key={list.id}>
                    <Table.Td>
                      {list.name}
                      {list.private && ` · ${t('deepThought.lists.private')}`}
                    </Table.Td>
                    <Table.Td>{list.description}</Table.Td>
                    <Table.Td ta="right">{list.member_count}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Button size="xs" variant="light" onClick={() => setOpen(list)}>
                          {t('deepThought.lists.manage')}
                        </Button>
                        <Button size="xs" variant="default" onClick={() => setEditing(list)}>
                          {t('deepThought.lists.edit')}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          loading={remove.isPending && remove.variables === list.id}
                          onClick={() => {
                            if (window.confirm(t('deepThought.lists.confirmDelete', { name: list.name })))
                              remove.mutate(list.id);
                          }}
                        >
                          {t('deepThought.lists.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {remove.isError && (
            <Text size="sm" c="red" role="alert">
              {errorText(remove.error, t)}
            </Text>
          )}
          {open && (
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Text fw={700} component="h2">
                  {open.name}
                </Text>
                <Members list={open} />
              </Stack>
            </Paper>
          )}
          <Modal opened={creating} onClose={() => setCreating(false)} title={t('deepThought.lists.new')}>
            <ListForm onDone={() => setCreating(false)} />
          </Modal>
          <Modal
            opened={editing !== undefined}
            onClose={() => setEditing(undefined)}
            title={t('deepThought.lists.edit')}
          >
            {editing && <ListForm list={editing} onDone={() => setEditing(undefined)} />}
          </Modal>
        </Stack>
      )}
    </DtScreen>
  );
}
