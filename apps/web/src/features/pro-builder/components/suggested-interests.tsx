import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isTargetingPackageNonEmpty, type TargetingPackage } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { errorText } from '@/lib/error-text';
import { useSuggestInterests } from '../api/suggest-interests';

export interface SuggestedInterestsProps {
  pkg: TargetingPackage;
  chosen: string[];
  onAdd: (label: string) => void;
}

/** Suggest-interests (SPEC §7): what else the audience leans to, each added with one click. */
export function SuggestedInterests({ pkg, chosen, onAdd }: SuggestedInterestsProps) {
  const { t } = useTranslation();
  const names = useCatalogueNames();
  const suggest = useSuggestInterests();
  const offered = (suggest.data?.interests ?? []).filter((item) => !chosen.includes(item.label));
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('proSite.builder.suggestTitle')}
          </Title>
          <Button
            size="xs"
            variant="light"
            loading={suggest.isPending}
            disabled={!isTargetingPackageNonEmpty(pkg)}
            onClick={() => suggest.mutate(pkg)}
          >
            {t('proSite.builder.suggest')}
          </Button>
        </Group>
        {suggest.isError && (
          <Alert color="red" role="alert" p="xs">
            {errorText(suggest.error, t)}
          </Alert>
        )}
        {suggest.isSuccess && offered.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('proSite.builder.noSuggestions')}
          </Text>
        )}
        {offered.length > 0 && (
          <Group gap={6}>
            {offered.slice(0, 12).map((item) => (
              <Badge
                key={item.value}
                component="button"
                type="button"
                variant="outline"
                tt="none"
                style={{ cursor: 'pointer' }}
                onClick={() => onAdd(item.label)}
                aria-label={t('proSite.builder.addInterest', { label: names.name('interests', item.label) })}
              >
                + {names.name('interests', item.label)} ×{item.affinity.toFixed(1)}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
