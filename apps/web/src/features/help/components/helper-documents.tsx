import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { useDownloadHelperDocument } from '../api/download-helper-document';
import { useHelperDocuments } from '../api/get-helper-documents';

/** SPEC §2 /helper-documents: the helper documents, each downloaded by id through its url (SPEC §7). */
export function HelperDocuments() {
  const { t } = useTranslation();
  usePageTitle(t('screens.helperDocuments'));
  const language = useLanguage();
  const documents = useHelperDocuments(language);
  const download = useDownloadHelperDocument(language);

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader title={t('screens.helperDocuments')} intro={t('helpCenter.documents.intro')} />
      {documents.isPending && <Skeleton role="status" h={160} aria-label={t('common.loading')} />}
      {documents.isError && <QueryError query={documents} />}
      {documents.data?.length === 0 && (
        <Alert color="gray" role="status">
          {t('helpCenter.documents.empty')}
        </Alert>
      )}
      {download.isError && (
        <Alert color="red" role="alert">
          {errorText(download.error, t)}
        </Alert>
      )}
      {documents.data && documents.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {documents.data.map((doc) => (
            <Card key={doc.id} withBorder padding="lg" component="section" aria-labelledby={`doc-${doc.id}`}>
              <Stack gap="xs" h="100%">
                <Title order={2} size="h4" id={`doc-${doc.id}`}>
                  {doc.title}
                </Title>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  {doc.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('helpCenter.documents.format')}
                </Text>
                <Button
                  size="xs"
                  w="fit-content"
                  loading={download.isPending && download.variables.id === doc.id}
                  onClick={() => download.mutate({ id: doc.id })}
                  aria-label={t('helpCenter.documents.downloadOne', { title: doc.title })}
                >
                  {t('helpCenter.documents.download')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
