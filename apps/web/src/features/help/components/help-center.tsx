import {
  Alert,
  Grid,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebounced } from '@/lib/debounce';
import type { HelpKind } from '@murmur/core/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useHelpArticle } from '../api/get-help-article';
import { useHelpArticles } from '../api/get-help-articles';
import classes from './help-center.module.css';

export interface HelpCenterProps {
  kind: HelpKind;
}

/**
 * Guides, User manual or Help: the server's articles of one kind, searchable, with the chosen one
 * read beside the list. The search and the article are in the address, so a link can share them.
 */
export function HelpCenter({ kind }: HelpCenterProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = t(`helpCenter.titles.${kind}`);
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [query] = useDebounced(text.trim());
  const articles = useHelpArticles(kind, query, language);
  const results = articles.data?.results ?? [];
  const chosen = params.get('article');
  const shown = results.find((a) => a.id === chosen)?.id ?? results[0]?.id ?? null;
  const article = useHelpArticle(shown, language);

  useEffect(() => {
    setParams(
      (next) => {
        if (query) next.set('q', query);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [query, setParams]);

  const choose = (id: string) =>
    setParams((next) => {
      next.set('article', id);
      return next;
    });

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={title} intro={t(`helpCenter.intros.${kind}`)} />
      <TextInput
        type="search"
        label={t('helpCenter.search')}
        placeholder={t('helpCenter.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={
          articles.isFetching ? <Loader role="status" size="xs" aria-label={t('common.loading')} /> : null
        }
        maw={480}
      />
      {articles.isPending && <Skeleton role="status" h={200} aria-label={t('common.loading')} />}
      {articles.isError && <QueryError query={articles} />}
      {articles.isSuccess && results.length === 0 && (
        <Alert color="gray" role="status">
          {t('helpCenter.noResults', { query })}
        </Alert>
      )}
      {results.length > 0 && (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <nav aria-label={t('helpCenter.articles')}>
              <Stack gap={4} component="ul" className={classes.list}>
                {results.map((a) => (
                  <li key={a.id}>
                    <UnstyledButton
                      className={classes.item}
                      aria-current={a.id === shown ? 'true' : undefined}
                      onClick={() => choose(a.id)}
                    >
                      <Text fw={600} size="sm">
                        {a.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {query ? t('helpCenter.matches', { sections: a.matches.join(' · ') }) : a.summary}
                      </Text>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            </nav>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="lg" radius="md" component="article" aria-live="polite">
              {article.isPending && <Skeleton role="status" h={240} aria-label={t('common.loading')} />}
              {article.isError && <QueryError query={article} />}
              {article.data && (
                <Stack gap="md">
                  <Title order={2} size="h3">
                    {article.data.title}
                  </Title>
                  <Text c="dimmed">{article.data.summary}</Text>
                  {article.data.sections.map((section) => (
                    <section key={section.id} id={`${article.data.id}-${section.id}`}>
                      <Title order={3} size="h5" mb={4}>
                        {section.title}
                      </Title>
                      <Text size="sm" className={classes.body}>
                        {section.body}
                      </Text>
                    </section>
                  ))}
                </Stack>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
