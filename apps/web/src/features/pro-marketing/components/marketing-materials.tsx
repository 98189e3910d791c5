import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { CONTENT_TYPES, type ContentType } from '@murmur/core/targeting';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { materialHref, useMaterials } from '../api/get-materials';
import { ImageDownloader } from './image-downloader';

const TYPES = CONTENT_TYPES;

/**
 * SPEC §2 /marketing-materials (/materials): materials by content type (SPEC §3), each a PDF download,
 * and the image downloader (SPEC §7) for the images that go with them.
 */
export function MarketingMaterials() {
  const { t } = useTranslation();
  usePageTitle(t('pro.nav.marketingMaterials'));
  const language = useLanguage();
  const [type, setType] = useState<ContentType | 'all'>('all');
  const materials = useMaterials(type === 'all' ? undefined : type, language);
  // Five content types do not fit a phone's width side by side (the page scrolled sideways at 390 px):
  // one above the other there.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <Stack gap="lg">
      <PageHeader title={t('pro.nav.marketingMaterials')} intro={t('proSite.materials.intro')} />
      <SegmentedControl
        value={type}
        onChange={(value) =>
          setType((TYPES as readonly string[]).includes(value) ? (value as ContentType) : 'all')
        }
        data={[
          { value: 'all', label: t('proSite.materials.all') },
          ...TYPES.map((value) => ({ value, label: t(`proSite.materials.types.${value}`) })),
        ]}
        orientation={orientation}
        w={orientation === 'vertical' ? '100%' : 'fit-content'}
        aria-label={t('proSite.materials.filter')}
      />
      {materials.isPending && <Skeleton role="status" h={160} aria-label={t('common.loading')} />}
      {materials.isError && <QueryError query={materials} />}
      {materials.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {materials.data.results.map((m) => (
            <Card key={m.slug} withBorder padding="lg">
              <Stack gap="xs" h="100%">
                <Badge variant="light" w="fit-content">
                  {t(`proSite.materials.types.${m.content_type}`)}
                </Badge>
                <Title order={2} size="h4">
                  {m.title}
                </Title>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  {m.summary}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('proSite.materials.pages', { count: m.pages })} · PDF
                </Text>
                <Group>
                  <Button component="a" href={materialHref(m.download_url)} download size="xs">
                    {t('proSite.materials.download')}
                  </Button>
                  <Anchor component={Link} to={`/request-download/${encodeURIComponent(m.title)}`} size="xs">
                    {t('proSite.materials.requestCopy')}
                  </Anchor>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <ImageDownloader />
    </Stack>
  );
}
