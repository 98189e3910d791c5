import type { AuditQuery } from '@murmur/core/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

export type AuditFilters = Pick<AuditQuery, 'q' | 'action' | 'actor' | 'from' | 'to'>;

/** Only the filters that are set (the server refuses an empty date). */
export const activeFilters = (filters: AuditFilters): AuditFilters =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));

/** GET /api/teams/{slug}/audit-log/ — the team's audit log, newest first (admins only). */
export const getAuditLog = (slug: string, filters: AuditFilters, offset: number, signal?: AbortSignal) =>
  request.get('/api/teams/:slug/audit-log/', {
    params: { slug },
    query: { ...activeFilters(filters), limit: AUDIT_PAGE, offset },
    signal,
  });

export const AUDIT_PAGE = 50;

export const getAuditLogQueryOptions = (slug: string, filters: AuditFilters, offset: number) =>
  queryOptions({
    queryKey: ['audit-log', slug, activeFilters(filters), offset],
    queryFn: ({ signal }) => getAuditLog(slug, filters, offset, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (slug: string, filters: AuditFilters, offset: number) =>
  useQuery(getAuditLogQueryOptions(slug, filters, offset));

/** The CSV export's address with the same filters (a plain download, the session cookie signs it). */
export const auditCsvUrl = (slug: string, filters: AuditFilters) => {
  const query = new URLSearchParams(activeFilters(filters)).toString();
  return `/api/teams/${encodeURIComponent(slug)}/audit-log.csv${query ? `?${query}` : ''}`;
};
