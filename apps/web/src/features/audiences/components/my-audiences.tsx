import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useDebounced } from '@/lib/debounce';
import type { AudienceConfig } from '@murmur/core/api';
import { ANY_STATUS } from '@murmur/core/targeting';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FreshnessNote } from '@/components/freshness-note';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { useAudienceConfigs, type AudienceConfigFilters } from '@/lib/api/get-audience-configs';
import { Optional } from '@/lib/deferred';
import { useMe } from '@/lib/api/get-me';
import { useExtension } from '@/lib/extension';
import { useUploadedAudiences } from '../api/uploaded-audiences';
import { useApplyAudience } from '../api/apply-audience';
import { isStatus, useAudienceListParams } from '../hooks/use-audience-list-params';
import { AudienceColumnPicker, useShownAudienceColumns } from './audience-column-picker';
import { AudienceFilters } from './audience-filters';
import { useAudienceColumns } from './audience-columns';
import { AudienceListBody } from './audience-list-body';
import { PushedAudiences } from './pushed-audiences';
import { loadCompareModal, loadDeleteModal } from './lazy-modals';

// The dialogs load on demand (see lazy-modals.ts); once loaded they stay mounted, so that they close
// with their transition like any other dialog.
const CompareModal = lazy(() => loadCompareModal().then((module) => ({ default: module.CompareModal })));
const DeleteAudienceModal = lazy(() =>
  loadDeleteModal().then((module) => ({ default: module.DeleteAudienceModal })),
);
const UsageLinksModal = lazy(() =>
  import('./usage-links-modal').then((module) => ({ default: module.UsageLinksModal })),
);
const UploadAudienceModal = lazy(() =>
  import('./upload-audience-modal').then((module) => ({ default: module.UploadAudienceModal })),
);

export interface MyAudiencesProps {
  /** The team whose audiences are listed; null for the standalone, personal list. */
  teamSlug: string | null;
  /** Where "Open insights" and "Build" go on the personal list (the user's recent or first team). */
  fallbackTeam: string | null;
}

/** My Audiences (SPEC §2, §3 display fields): saved audiences with filters, sorting and actions. */
export function MyAudiences({ teamSlug, fallbackTeam }: MyAudiencesProps) {
  const { t } = useTranslation();
  usePageTitle(t('screens.audiences'));
  const { filters, ordering, update } = useAudienceListParams();
  const [search] = useDebounced(filters.search.trim());
  const [comparing, setComparing] = useState<AudienceConfig | null>(null);
  const [deleting, setDeleting] = useState<AudienceConfig | null>(null);
  const [uploading, setUploading] = useState<AudienceConfig | null>(null);
  const [linking, setLinking] = useState<AudienceConfig | null>(null);
  // Uploads to X of this team's audiences: status, targetable on X and the ad account (SPEC §3).
  const uploads = useUploadedAudiences(teamSlug);
  const me = useMe();
  const extension = useExtension();
  const apply = useApplyAudience(teamSlug);
  const admin = me.data?.memberships.some((m) => m.team.slug === teamSlug && m.level === 'admin') === true;
  const [used, setUsed] = useState({ compare: false, delete: false, links: false });

  const query: AudienceConfigFilters = {
    team: teamSlug ?? undefined,
    search: search || undefined,
    status: isStatus(filters.status) ? filters.status : undefined,
    targetable: filters.targetable === 'all' ? undefined : filters.targetable === 'true' ? 'true' : 'false',
    ordering,
  };
  const audiences = useAudienceConfigs(query);
  const rows = useMemo(() => audiences.data?.pages.flatMap((page) => page.results) ?? [], [audiences.data]);
  const filtered = search !== '' || filters.status !== ANY_STATUS || filters.targetable !== 'all';
  const creatorTeam = teamSlug ?? fallbackTeam;
  const shownColumns = useShownAudienceColumns();
  const columns = useAudienceColumns({
    teamSlug,
    linkTeam: (audience) => audience.team?.slug ?? teamSlug ?? fallbackTeam,
    onCompare: (audience) => {
      setUsed((current) => ({ ...current, compare: true }));
      setComparing(audience);
    },
    onDelete: (audience) => {
      setUsed((current) => ({ ...current, delete: true }));
      setDeleting(audience);
    },
    // A team's audience is deleted by whoever made it or a team admin (the server's rule,
    // apps/server/src/lib/team-rule.ts).
    mayDelete: (audience) => audience.team === null || admin || audience.created_by.id === me.data?.id,
    onUpload: setUploading,
    onApply: (audience) => void apply(audience),
    onUsageLinks: (audience) => {
      setUsed((current) => ({ ...current, links: true }));
      setLinking(audience);
    },
    uploads: uploads.data ?? [],
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageHeader
          title={t('screens.audiences')}
          intro={
            <>
              {teamSlug === null ? t('audiences.introPersonal') : t('audiences.intro')}
              {audiences.data !== undefined &&
                ` · ${t('audiences.count', { n: audiences.data.pages[0]?.count ?? 0 })}`}
            </>
          }
        />
        {creatorTeam !== null && (
          <Group gap="sm">
            {teamSlug !== null && (
              <Button component={Link} to={`/${teamSlug}/audiences/overlap`} variant="default">
                {t('audiences.overlap')}
              </Button>
            )}
            <Button component={Link} to={`/${creatorTeam}/store`} variant="default">
              {t('audiences.browseStore')}
            </Button>
            <Button component={Link} to={`/${creatorTeam}/creator`}>
              {t('audiences.build')}
            </Button>
          </Group>
        )}
      </Group>
      <FreshnessNote />
      <Text size="sm" c="dimmed" data-testid="extension-status">
        {extension.detected
          ? extension.account
            ? t('xAds.extension.account', { name: extension.account.name, id: extension.account.id })
            : t('xAds.extension.detected')
          : t('xAds.extension.notDetected')}
      </Text>
      {teamSlug === null && <TeamListsNote teams={me.data?.memberships.map((m) => m.team) ?? []} />}
      <Group justify="space-between" align="flex-end">
        <AudienceFilters
          value={filters}
          onChange={(next) =>
            update({ search: next.search, status: next.status, targetable: next.targetable })
          }
        />
        <AudienceColumnPicker shown={shownColumns.shown} onToggle={shownColumns.toggle} />
      </Group>
      <AudienceListBody
        audiences={audiences}
        rows={rows}
        filtered={filtered}
        creatorTeam={creatorTeam}
        columns={shownColumns.visible(columns)}
        ordering={ordering}
        onSortChange={(sort) => update({ ordering: sort })}
      />
      <PushedAudiences uploads={uploads.data ?? []} />
      <Optional>
        <Suspense fallback={null}>
          {used.compare && (
            <CompareModal audience={comparing} others={rows} onClose={() => setComparing(null)} />
          )}
          {used.delete && <DeleteAudienceModal audience={deleting} onClose={() => setDeleting(null)} />}
          {used.links && <UsageLinksModal audience={linking} onClose={() => setLinking(null)} />}
          {teamSlug !== null && uploading !== null && (
            <UploadAudienceModal
              audience={uploading}
              team={teamSlug}
              admin={admin}
              onClose={() => setUploading(null)}
            />
          )}
        </Suspense>
      </Optional>
    </Stack>
  );
}

/**
 * The personal list holds the audiences saved outside any team: where the user's team audiences are
 * instead, so that "0 saved" never reads as "you have none".
 */
function TeamListsNote({ teams }: { teams: { slug: string; name: string }[] }) {
  const { t } = useTranslation();
  if (teams.length === 0) return null;
  return (
    <Text size="sm" data-testid="team-lists">
      {t('audiences.teamLists')}{' '}
      {teams.map((team, index) => (
        <span key={team.slug}>
          {index > 0 && ', '}
          <Anchor component={Link} to={`/${team.slug}/audiences`}>
            {team.name}
          </Anchor>
        </span>
      ))}
    </Text>
  );
}
