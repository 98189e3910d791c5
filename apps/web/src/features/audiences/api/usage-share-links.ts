import type { AudienceUsage } from '@murmur/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, type BodyOf } from '@/lib/request';

export type LinkDays = 7 | 30 | 90;
export const LINK_DAYS: LinkDays[] = [7, 30, 90];

const usagesKey = ['audience-usages'] as const;

/** GET /api/external/audience-usages/ — the caller's usages of one audience (applied packages), newest first. */
export const useAudienceUsages = (audienceId: number) =>
  useQuery({
    queryKey: usagesKey,
    queryFn: ({ signal }) => request.get('/api/external/audience-usages/', { signal }),
    select: (usages: AudienceUsage[]) => usages.filter((u) => u.audience_config_id === audienceId),
  });

/** What a share, a new link or a revoke answers: the link's code (its signature) when one works now. */
export interface LinkChange {
  usageId: number;
  madeCode: string | null;
}

/**
 * Share with addresses (POST …/share/), a new link (…/share-link/rotate/: the old one stops at once)
 * or revoke (DELETE …/share-link/) — a usage's share link (docs/API-AUDIENCES.md "Share links").
 */
export const useChangeUsageLink = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { step: 'share'; usageId: number; addresses: string[]; lifetime: LinkDays }
        | { step: 'rotate'; usageId: number; lifetime: LinkDays }
        | { step: 'revoke'; usageId: number },
    ): Promise<LinkChange> => {
      const params = { pk: change.usageId };
      if (change.step === 'share') {
        const shared = await request.post('/api/external/audience-usages/:pk/share/', {
          params,
          body: { emails: change.addresses, expires_in_days: change.lifetime },
        });
        return { usageId: change.usageId, madeCode: shared.signature };
      }
      if (change.step === 'rotate') {
        const link = await request.post('/api/external/audience-usages/:pk/share-link/rotate/', {
          params,
          body: { expires_in_days: change.lifetime },
        });
        return { usageId: change.usageId, madeCode: link.signature };
      }
      await request.delete('/api/external/audience-usages/:pk/share-link/', { params });
      return { usageId: change.usageId, madeCode: null };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: usagesKey }),
  });
};

type UsageLink = BodyOf<'POST', '/api/external/audience-usages/verify_signed/'>;

/** A usage link's code, `<id>.<signature>`, as the web's /shared-usage/:code carries it; null when malformed. */
export const parseUsageCode = (code: string): UsageLink | null => {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{8,128})$/.exec(code);
  return match ? { id: Number(match[1]), signature: match[2]! } : null;
};

/** The address a usage's share link opens (the same one its recipients are mailed). */
export const usageLinkUrl = (code: string) => `${window.location.origin}/shared-usage/${code}`;

/** POST /api/external/audience-usages/verify_signed/ — what a usage's link opens (404/410 when dead). */
export const useSharedUsage = (link: UsageLink) =>
  useQuery({
    queryKey: ['shared-usage', link.id, link.signature],
    queryFn: ({ signal }) =>
      request.post('/api/external/audience-usages/verify_signed/', {
        body: { id: link.id, signature: link.signature },
        signal,
      }),
    retry: false,
  });
