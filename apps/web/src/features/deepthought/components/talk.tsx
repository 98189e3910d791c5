import { Badge, Button, Group, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import type { TalkToXAnswer } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { viewerTimeZone } from '../api/deepthought-query';
import { useDtStatus } from '../api/get-status';
import { useTalkToX } from '../api/talk-to-x';
import { ConnectNotice, DtScreen, PremiumNotice } from './dt-frame';

interface Exchange {
  question: string;
  answer: TalkToXAnswer;
}

/** Talk to X: questions in English or Japanese, answered from the synced figures (shown beside). */
export function TalkToXScreen() {
  const { t } = useTranslation();
  const status = useDtStatus();
  const talk = useTalkToX();
  const [question, setQuestion] = useState('');
  const [history, setHistory] = useState<Exchange[]>([]);
  const ask = (q: string) => {
    if (q.trim() === '') return;
    talk.mutate(
      { question: q, tz: viewerTimeZone() },
      {
        onSuccess: (answer) => {
          setHistory((h) => [{ question: q, answer }, ...h]);
          // The next question, typed while this one was answered, stays.
          setQuestion((now) => (now === q ? '' : now));
        },
      },
    );
  };
  const examples = [
    t('deepThought.talk.example1'),
    t('deepThought.talk.example2'),
    t('deepThought.talk.example3'),
  ];
  return (
    <DtScreen
      title={t('premium.screens.talkToX')}
      intro={t('deepThought.intro.talkToX')}
      query={status}
      syncedAt={(d) => d.account?.synced_at ?? null}
    >
      {(d) =>
        !d.account ? (
          <ConnectNotice />
        ) : !d.premium ? (
          <PremiumNotice />
        ) : (
          <Stack gap="md">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                ask(question);
              }}
            >
              <Stack gap="xs">
                <Textarea
                  label={t('deepThought.talk.question')}
                  value={question}
                  onChange={(e) => setQuestion(e.currentTarget.value)}
                  maxLength={500}
                  autosize
                  minRows={2}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      ask(question);
                    }
                  }}
                />
                <Group>
                  <Button type="submit" loading={talk.isPending} disabled={question.trim() === ''}>
                    {t('deepThought.talk.ask')}
                  </Button>
                  {examples.map((example) => (
                    <Button key={example} variant="subtle" size="xs" onClick={() => ask(example)}>
                      {example}
                    </Button>
                  ))}
                </Group>
                {talk.isError && (
                  <Text size="sm" c="red" role="alert">
                    {errorText(talk.error, t)}
                  </Text>
                )}
              </Stack>
            </form>
            <Stack gap="sm" aria-live="polite">
              {history.map((exchange, i) => (
                <Paper key={history.length - i} withBorder p="md" radius="md">
                  <Stack gap="xs">
                    <Text fw={600}>{exchange.question}</Text>
                    <Text>{exchange.answer.answer}</Text>
                    {exchange.answer.figures.length > 0 && (
                      <Table withTableBorder maw={480} aria-label={t('deepThought.talk.figures')}>
                        <Table.Tbody>
                          {exchange.answer.figures.map((f) => (
                            <Table.Tr key={f.label}>
                              <Table.Td>{f.label}</Table.Td>
                              <Table.Td ta="right">{f.value}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                    <Group gap="xs">
                      <Badge variant="light" tt="none">
                        {t('deepThought.talk.figuresFrom')}
                      </Badge>
                      {exchange.answer.phrased_by_model && (
                        <Badge variant="outline" tt="none">
                          {t('deepThought.talk.phrased')}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </Stack>
        )
      }
    </DtScreen>
  );
}
