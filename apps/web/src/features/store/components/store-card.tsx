import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AsyncButton } from '@/components/async-button';
import { FigureView } from '@/components/figure';
import { SetIcon } from '@/components/set-icon';
import type { StoreAudience } from '@murmur/core/api';
import { useCreateAudienceConfig } from '@/lib/api/create-audience-config';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { errorText } from '@/lib/error-text';
import { creatorPath, insightsPath } from '@/lib/insights-link';
import { notify } from '@/lib/notifications';
import { saveReturnPath } from '@/lib/storage';
import { useRegionName } from '../hooks/use-region-name';

export interface StoreCardProps {
  audience: StoreAudience;
  signedIn: boolean;
  /** The team it is saved to and opened in; null on the standalone store. */
  teamSlug: string | null;
}

/** One ready-made audience: its size and the ways to keep or use it. */
export function StoreCard({ audience, signedIn, teamSlug }: StoreCardProps) {
  const { t } = useTranslation();
  const regionName = useRegionName();
  const names = useCatalogueNames();
  // Shown in the interface language; saved to My Audiences under the store's own name (stored data keep it).
  const { name, description } = names.storeAudience(audience);
  const save = useCreateAudienceConfig();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`store-${audience.id}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} id={`store-${audience.id}`}>
            {name}
          </Text>
          <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
            {audience.size_bucket}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
          {description}
        </Text>
        <Group gap={6}>
          <Badge
            variant="outline"
            color="gray"
            tt="none"
            leftSection={<SetIcon category={audience.category.name} size={12} />}
          >
            {names.name('audience_categories', audience.category.name)}
          </Badge>
          <Badge variant="outline" color="gray" tt="none">
            {regionName(audience.region.name)}
          </Badge>
        </Group>
        {/* The size is Murmur's estimate: labelled so, with its 95 % interval. */}
        <FigureView figure={audience.size_figure} withLabel testId="store-size" />
        <Group gap="xs" mt="xs">
          {signedIn ? (
            save.isSuccess ? (
              <Badge color="teal" variant="light" size="lg" tt="none" role="status">
                {t('store.saved')}
              </Badge>
            ) : (
              <AsyncButton
                size="xs"
                onClick={async () => {
                  try {
                    await save.mutateAsync({
                      from_audience: audience.id,
                      name: audience.name,
                      team: teamSlug ?? undefined,
                    });
                    notify.success(t('store.savedToast', { name }));
                  } catch (error) {
                    notify.error(errorText(error, t));
                  }
                }}
              >
                {t('store.save')}
              </AsyncButton>
            )
          ) : (
            <Button
              size="xs"
              component={Link}
              to="/login"
              onClick={() => saveReturnPath(`${window.location.pathname}${window.location.search}`)}
            >
              {t('store.signInToSave')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={insightsPath(teamSlug, { package: audience.targeting_package })}
          >
            {t('creator.openInsights')}
          </Button>
          {teamSlug !== null && (
            <>
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to={creatorPath(teamSlug, audience.targeting_package)}
              >
                {t('store.customise')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
