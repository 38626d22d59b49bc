// A backup as a file (issue 21): download one (read as a stream, so the screen can say how much
// has come) and upload one (an XHR, whose upload events say how much has gone). Both report a
// fraction 0…1 (null while the size is unknown); a refusal is an ApiError with the server's
// translated reasons.
import type { Backup } from '../../api';
import { api } from '../../api';
import { fillPath } from '../../app/api/call';
import { ApiError, errorFromText } from '../../app/api/errors';
import { buildUrl, currentHeaders } from '../../app/api/http';

export type Progress = (fraction: number | null) => void;

/** Reads the backup's file with progress and hands it to the browser as a download. */
export async function downloadBackup(spaceId: string, scheduleId: string, b: Backup, progress: Progress) {
  const url = buildUrl(
    fillPath(api.backups.download.path, { space_id: spaceId, id: scheduleId, backup_id: b.id }),
    undefined,
  );
  const res = await fetch(url, { headers: currentHeaders() });
  if (!res.ok || !res.body) throw errorFromText(res.status, await res.text());
  const total = Number(res.headers.get('content-length')) || b.size || 0;
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let got = 0;
  progress(total ? 0 : null);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    got += value.length;
    progress(total ? Math.min(1, got / total) : null);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'application/gzip' }));
  link.download = b.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Sends a backup file; resolves with the backup it became once the server has checked it. */
export function uploadBackup(
  spaceId: string,
  scheduleId: string,
  file: File,
  progress: Progress,
): Promise<Backup> {
  const url = buildUrl(fillPath(api.backups.upload.path, { space_id: spaceId, id: scheduleId }), undefined);
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    currentHeaders().forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (e) => progress(e.lengthComputable ? e.loaded / e.total : null);
    xhr.onload = () => {
      if (xhr.status === 201) resolve(JSON.parse(xhr.responseText) as Backup);
      else reject(errorFromText(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, { error: 'Unreachable', error_message: 'Unreachable' }));
    xhr.send(form);
  });
}
