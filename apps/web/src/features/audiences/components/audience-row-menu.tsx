import { Menu } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AudienceConfig } from '@murmur/core/api';
import { copyToClipboard } from '@/lib/clipboard';
import { errorText } from '@/lib/error-text';
import { insightsPath, lookalikePath } from '@/lib/insights-link';
import { notify } from '@/lib/notifications';
import { getTargetingPackage } from '@/lib/api/get-targeting-package';
import { downloadJson, fileSlug } from '../utils/download-json';
import { ActionsButton } from './actions-button';
import { preloadModals } from './lazy-modals';

export interface AudienceRowMenuProps {
  audience: AudienceConfig;
  /** The team whose insights screen opens the audience; none on a personal list without teams. */
  teamSlug: string | null;
  onCompare: (audience: AudienceConfig) => void;
  /**
   * Absent when the viewer may not delete it (only its creator or a team admin may: docs/API.md "Who
   * may delete what").
   */
  onDelete?: ((audience: AudienceConfig) => void) | undefined;
  /** The share links of the audience's uses (applications to ad accounts). */
  onUsageLinks?: ((audience: AudienceConfig) => void) | undefined;
  /** Upload to one of the team's granted X ad accounts (team lists only). */
  onUpload?: ((audience: AudienceConfig) => void) | undefined;
  /** Apply to the ad account open in X Ads Manager through the X Pro Targeting extension. */
  onApply?: ((audience: AudienceConfig) => void) | undefined;
  /** Opens at once (its button was clicked before this code was loaded). */
  defaultOpened?: boolean;
  /** Takes the focus at once (its placeholder button had it). */
  autoFocus?: boolean;
}

/** The actions of one saved audience: insights, share, download, compare, build a lookalike, delete. */
export function AudienceRowMenu({
  audience,
  teamSlug,
  onCompare,
  onDelete,
  onUsageLinks,
  onUpload,
  onApply,
  defaultOpened = false,
  autoFocus = false,
}: AudienceRowMenuProps) {
  const { t } = useTranslation();
  const link = teamSlug === null ? null : insightsPath(teamSlug, { config: audience.id });
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) button.current?.focus();
  }, [autoFocus]);

  const download = async () => {
    try {
      const pkg = await getTargetingPackage(audience.id);
      downloadJson(pkg, `${fileSlug(audience.name)}-targeting-package.json`);
    } catch (error) {
      notify.error(errorText(error, t));
    }
  };

  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened} onOpen={preloadModals}>
      <Menu.Target>
        <ActionsButton name={audience.name} ref={button} />
      </Menu.Target>
      <Menu.Dropdown>
        {link !== null && (
          <Menu.Item component={Link} to={link}>
            {t('audiences.actions.insights')}
          </Menu.Item>
        )}
        {link !== null && (
          <Menu.Item
            onClick={() =>
              void copyToClipboard(`${window.location.origin}${link}`, {
                successMessage: t('audiences.actions.linkCopied'),
              })
            }
          >
            {t('audiences.actions.share')}
          </Menu.Item>
        )}
        {onUsageLinks !== undefined && (
          <Menu.Item onClick={() => onUsageLinks(audience)}>{t('audiences.actions.usageLinks')}</Menu.Item>
        )}
        <Menu.Item onClick={() => void download()}>{t('audiences.actions.download')}</Menu.Item>
        <Menu.Item onClick={() => onCompare(audience)}>{t('audiences.actions.compare')}</Menu.Item>
        {teamSlug !== null && (
          <Menu.Item component={Link} to={lookalikePath(teamSlug, audience.id)}>
            {t('audiences.actions.lookalike')}
          </Menu.Item>
        )}
        {onApply !== undefined && (
          <Menu.Item onClick={() => onApply(audience)}>{t('xAds.apply.action')}</Menu.Item>
        )}
        {onUpload !== undefined && (
          <Menu.Item onClick={() => onUpload(audience)}>{t('xAds.upload.action')}</Menu.Item>
        )}
        {onDelete !== undefined && (
          <>
            <Menu.Divider />
            {/* red.9: an unshaded red item's text is red.6, 3.3:1 on white (axe color-contrast) */}
            <Menu.Item color="red.9" onClick={() => onDelete(audience)}>
              {t('audiences.actions.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
