import { useMutation } from '@tanstack/react-query';
import { downloadBlob } from '@/lib/download';
import { request } from '@/lib/request';

/** GET /api/user/export/ — my data as JSON, saved as a file ("Download my data"). */
export const exportMyData = async (): Promise<void> => {
  const data = await request.get('/api/user/export/');
  const day = new Date().toISOString().slice(0, 10);
  downloadBlob(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
    `murmur-data-${day}.json`,
  );
};

export const useExportMyData = () => useMutation({ mutationFn: exportMyData });
