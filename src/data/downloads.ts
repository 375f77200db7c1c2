/**
 * Files the API answers (CSV exports), saved by the browser. The API wants the session's bearer token,
 * which a plain link cannot send: the file is fetched here, then handed to the browser as a download.
 */
import { apiFile } from './core/api-client';

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiFile(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is kept a moment for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
