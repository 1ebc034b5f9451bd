import { useCallback, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { type DownloadedFile, saveFile } from '../../../api/download.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { TEXTS } from './texts.ts';

/**
 * Runs one download at a time and hands the file to the browser. `pending` is the
 * key of the download under way, so its button can spin. Failures other than a 400
 * were already notified by the API client; a 400 is said here.
 */
export function useFileDownload() {
  const { message } = useFeedback();
  const [pending, setPending] = useState<string | null>(null);
  const run = useCallback(
    async (key: string, download: () => Promise<DownloadedFile>) => {
      setPending(key);
      try {
        const file = await download();
        saveFile(file);
        message.success(TEXTS.downloaded(file.filename));
      } catch (error) {
        if (isApiError(error) && error.status === 400) message.error(error.message);
      } finally {
        setPending(null);
      }
    },
    [message],
  );
  return { pending, run };
}
