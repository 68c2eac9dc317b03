import { API_BASE, refusal, unreachable } from './http';
import { readToken } from './session';

/**
 * Posts one file as the multipart field "file" with the session's bearer token, reporting the upload's
 * progress (0 to 1) as it goes: fetch cannot tell how much of a request body has gone, XMLHttpRequest can.
 * Answers the response's JSON; a refusal is an ApiError with the server's message, as apiFetch throws it.
 */
export function postFileWithProgress(
  path: string,
  file: File,
  { onProgress, signal }: { onProgress: (sent: number) => void; signal?: AbortSignal },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.upload.onload = () => onProgress(1);
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText === '' ? null : JSON.parse(request.responseText);
      } catch {
        body = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body);
      reject(refusal(request.status, body));
    };
    request.onerror = () => reject(unreachable());
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
