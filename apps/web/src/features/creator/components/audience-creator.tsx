import { Badge, Button, Drawer, Grid, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Team, User } from '@murmur/core/api';
import { isTargetingPackageNonEmpty, type TargetingPackage } from '@murmur/core/targeting';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { Stepper } from '@/components/stepper';
import type { AudienceConfig } from '@murmur/core/api';
import { useCreateAudienceConfig } from '@/lib/api/create-audience-config';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { validateHandleQueryOptions } from '@/lib/api/validate-handle';
import { hasCreatorAccess } from '../utils/creator-access';
import {
  clearDraft,
  emptyDraft,
  loadDraft,
  saveDraft,
  type CreatorDraft,
  type Exclusion,
} from '../utils/draft';
import { addItem, countItems, mergePackages, parsePackage } from '../utils/package-ops';
import { decodePackage, insightsPath } from '../insights-link';
import { CatalogueField, type CatalogueFieldProps } from './catalogue-field';
import { CountriesField } from './countries-field';
import { ExamplesMenu, type ExamplesMenuProps } from './examples-menu';
import { ExclusionsField } from './exclusions-field';
import { HandleAnalysisPanel } from './handle-analysis-panel';
import { HandlesField } from './handles-field';
import { OptionsFields } from './options-fields';
import { RegionsField } from './regions-field';
import { NAME_MAX, ReviewStep } from './review-step';
import { SavedPanel } from './saved-panel';
import { SizePanel } from '@/components/size-panel';
import { SizeBar } from './size-bar';
import { TermField } from './term-field';

export interface AudienceCreatorProps {
  team: Team;
  user: User;
}

/** Handles that block Continue: still being checked, or not found while selected. */
const useHandleProblems = (pkg: TargetingPackage) => {
  const handles = pkg.handles
    .filter((item) => item.deselected !== true)
    .map((item) => item.handle ?? item.label ?? '');
  const checks = useQueries({ queries: handles.map((handle) => validateHandleQueryOptions(handle)) });
  return {
    pending: checks.some((check) => check.isPending),
    notFound: checks.some((check) => check.data !== undefined && !check.data.valid),
  };
};

/** The audience creator (SPEC §2 /:teamId/creator): every part of a targeting package, step by step. */
export function AudienceCreator({ team, user }: AudienceCreatorProps) {
  const { t } = useTranslation();
  usePageTitle(t('screens.creator'));
  const [params, setParams] = useSearchParams();
  // "Build an audience from this" (interests, communities, explore, store) arrives as ?package= and is
  // added to the draft, so that nothing already built is lost.
  const [draft, setDraft] = useState<CreatorDraft>(() => {
    const stored = loadDraft(team.slug);
    const incoming = params.get('package');
    if (incoming === null) return stored;
    return { ...stored, step: 0, pkg: mergePackages(stored.pkg, parsePackage(decodePackage(incoming))) };
  });
  const [saved, setSaved] = useState<AudienceConfig | null>(null);
  const [analysisOpen, analysis] = useDisclosure(false);
  const create = useCreateAudienceConfig();
  const canSave = hasCreatorAccess(user);
  const { pkg } = draft;
  const exclusionIds = useMemo(() => draft.exclusions.map((e) => e.id), [draft.exclusions]);

  // The package is in the draft now; the address goes back to the plain creator.
  const hasIncoming = params.has('package');
  useEffect(() => {
    if (!hasIncoming) return;
    setParams(
      (current) => {
        current.delete('package');
        return current;
      },
      { replace: true },
    );
  }, [hasIncoming, setParams]);

  // SPEC: nothing is lost on navigation — the draft lives in session storage.
  useEffect(() => saveDraft(team.slug, draft), [team.slug, draft]);

  const setPkg = (next: TargetingPackage) => setDraft((current) => ({ ...current, pkg: next }));
  const setExclusions = (exclusions: Exclusion[]) => setDraft((current) => ({ ...current, exclusions }));
  const handleProblems = useHandleProblems(pkg);
  const nonEmpty = isTargetingPackageNonEmpty(pkg);
  const nameOk = draft.name.trim().length > 0 && draft.name.length <= NAME_MAX;

  const submit = async () => {
    // SPEC §5, §8: an empty targeting list is refused with a toast.
    if (!nonEmpty) {
      notify.error(t('creator.review.empty'));
      return;
    }
    try {
      const audience = await create.mutateAsync({
        name: draft.name.trim(),
        targeting_package: pkg,
        exclusions: exclusionIds,
        team: team.slug,
        kind: 'builder',
      });
      notify.success(t('creator.saved.toast', { name: audience.name }));
      clearDraft(team.slug);
      setDraft(emptyDraft());
      setSaved(audience);
    } catch {
      // The error is shown on the review step.
    }
  };

  const count = (fields: (keyof TargetingPackage)[]) => {
    const n = countItems(pkg, fields);
    return n > 0 ? t('creator.steps.count', { n }) : undefined;
  };

  /** A CatalogueField for each catalogue, in order, labelled from `creator.fields.<catalogue>`. */
  const catalogueFields = (catalogues: CatalogueFieldProps['catalogue'][]) =>
    catalogues.map((catalogue) => (
      <CatalogueField
        key={catalogue}
        catalogue={catalogue}
        label={t(`creator.fields.${catalogue}.label`)}
        description={t(`creator.fields.${catalogue}.description`)}
        pkg={pkg}
        onChange={setPkg}
      />
    ));

  const steps = [
    {
      label: t('creator.steps.people'),
      description: count(['keywords', 'handles', 'hashtags']),
      valid: !handleProblems.pending && !handleProblems.notFound,
      content: (
        <Stack gap="lg">
          <TermField
            field="keywords"
            label={t('creator.fields.keywords.label')}
            description={t('creator.fields.keywords.description')}
            pkg={pkg}
            onChange={setPkg}
          />
          <HandlesField pkg={pkg} onChange={setPkg} teamSlug={team.slug} />
          <TermField
            field="hashtags"
            label={t('creator.fields.hashtags.label')}
            description={t('creator.fields.hashtags.description')}
            pkg={pkg}
            onChange={setPkg}
          />
          {handleProblems.notFound && (
            <Text size="sm" c="red.7" role="alert">
              {t('creator.handles.blocking')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      label: t('creator.steps.interests'),
      description: count(['interests', 'conversation_topics', 'movies_tv_shows']),
      valid: true,
      content: (
        <Stack gap="lg">{catalogueFields(['interests', 'conversation_topics', 'movies_tv_shows'])}</Stack>
      ),
    },
    {
      label: t('creator.steps.location'),
      description: count(['countries', 'locations', 'languages', 'network_operators']),
      valid: true,
      content: (
        <Stack gap="lg">
          <CountriesField pkg={pkg} onChange={setPkg} />
          <RegionsField pkg={pkg} onChange={setPkg} />
          {catalogueFields(['languages', 'network_operators'])}
        </Stack>
      ),
    },
    {
      label: t('creator.steps.demographics'),
      description: count(['age', 'gender', 'placements', 'custom_audiences']),
      valid: true,
      content: (
        <Stack gap="lg">
          <OptionsFields pkg={pkg} onChange={setPkg} />
          <ExclusionsField teamSlug={team.slug} value={draft.exclusions} onChange={setExclusions} />
        </Stack>
      ),
    },
    {
      label: t('creator.steps.review'),
      valid: canSave && nameOk,
      content: (
        <ReviewStep
          name={draft.name}
          onNameChange={(name) => setDraft((current) => ({ ...current, name }))}
          pkg={pkg}
          exclusions={draft.exclusions}
          canSave={canSave}
          saveError={create.isError ? errorText(create.error, t) : null}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <CreatorHeader
        onAnalysis={analysis.open}
        onExample={(example, name) => {
          setSaved(null);
          setDraft((current) => ({
            ...current,
            name: current.name === '' ? name : current.name,
            pkg: mergePackages(current.pkg, parsePackage(example)),
          }));
        }}
        onStartOver={() => {
          clearDraft(team.slug);
          setDraft(emptyDraft());
          setSaved(null);
        }}
      />

      {!canSave && (
        <Badge variant="light" color="blue" size="lg" tt="none">
          {t('creator.access.badge')}
        </Badge>
      )}

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {saved !== null ? (
            <SavedPanel audience={saved} teamSlug={team.slug} onBuildAnother={() => setSaved(null)} />
          ) : (
            <Stepper
              steps={steps}
              active={Math.min(draft.step, steps.length - 1)}
              onActiveChange={(step) => setDraft((current) => ({ ...current, step }))}
              onSubmit={submit}
            />
          )}
          <SizeBar pkg={pkg} exclusions={exclusionIds} panelId="creator-size-title" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" style={{ position: 'sticky', top: 72 }}>
            {/* exclusionIds: one array per change of the exclusions, so the size is asked again only then. */}
            <SizePanel
              pkg={pkg}
              titleId="creator-size-title"
              teamSlug={team.slug}
              exclusions={exclusionIds}
            />
            {/* Without a criterion, a real disabled button: out of the Tab order, and known as inactive. */}
            {nonEmpty ? (
              <Button component={Link} to={insightsPath(team.slug, { package: pkg })} variant="light">
                {t('creator.openInsights')}
              </Button>
            ) : (
              <Button variant="light" disabled>
                {t('creator.openInsights')}
              </Button>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      <Drawer
        opened={analysisOpen}
        onClose={analysis.close}
        position="right"
        size="md"
        title={t('creator.analysis.title')}
      >
        <HandleAnalysisPanel
          onUseHandle={(handle) => {
            setPkg(addItem(pkg, 'handles', { handle }));
            analysis.close();
          }}
        />
      </Drawer>
    </Stack>
  );
}

/** The title, and the creator's own actions: handle analysis, examples, start over. */
function CreatorHeader(props: {
  onAnalysis: () => void;
  onExample: ExamplesMenuProps['onPick'];
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start">
      <PageHeader title={t('screens.creator')} intro={t('creator.intro')} />
      <Group gap="xs">
        <Button variant="default" onClick={props.onAnalysis}>
          {t('creator.analysis.button')}
        </Button>
        <ExamplesMenu onPick={props.onExample} />
        <Button variant="subtle" color="gray" onClick={props.onStartOver}>
          {t('creator.startOver')}
        </Button>
      </Group>
    </Group>
  );
}
