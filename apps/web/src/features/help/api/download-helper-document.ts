import type { ApiRoutes } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import type { AppLanguage } from '@/lib/i18n';
import { config } from '@/lib/config';
import { request } from '@/lib/request';

/** A document by id and/or name, as the download route's query names it. */
type DocumentRef = Omit<ApiRoutes['GET /api/helper-documents/download/']['query'], 'language'>;

/** GET /api/helper-documents/download/?id=&name= — SPEC §7: the document's url, on the API root. */
export const getHelperDocumentUrl = async (ref: DocumentRef, language: AppLanguage) => {
  const { url } = await request.get('/api/helper-documents/download/', { query: { ...ref, language } });
  return `${config.apiRoot}${url}`;
};

/** Asks for the url, then lets the browser download the file from it. */
export const useDownloadHelperDocument = (language: AppLanguage) =>
  useMutation({
    mutationFn: (ref: DocumentRef) => getHelperDocumentUrl(ref, language),
    onSuccess: (href) => {
      const link = document.createElement('a');
      link.href = href;
      link.download = '';
      document.body.append(link);
      link.click();
      link.remove();
    },
  });
