import type { Auth } from 'firebase/auth';
import { saveFile } from '../../ui/saveFile';

/** Downloads a one-shot report with the user's token (a plain link could not send it). */
export async function downloadOneShotReport(auth: Auth, requestId: string): Promise<void> {
  const token = await auth.currentUser?.getIdToken();
  const response = await fetch(`/api/v1/oneshot-search/${encodeURIComponent(requestId)}/report.pdf`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The report could not be downloaded (status ${response.status}).`);
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'one-shot-report.pdf';
  saveFile(await response.blob(), 'application/pdf', filename);
}
