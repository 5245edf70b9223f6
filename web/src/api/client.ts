import createClient from 'openapi-fetch';
import { authStore } from '../auth/auth-store';
import { ApiError, detailOf } from './errors';
import type { paths } from './schema';

/** The typed API client: paths, parameters and bodies come from the OpenAPI document. */
export const api = createClient<paths>({ baseUrl: '' });

api.use({
  onRequest({ request }) {
    const token = authStore.token();
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ response }) {
    // A token that stopped working (expired, account deleted): back to the sign-in page.
    if (response.status === 401 && authStore.token() && !response.url.includes('/auth/')) authStore.signOut();
    return response;
  },
});

/** Unwraps an openapi-fetch answer: its data, or an ApiError carrying the API's `detail`. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await call;
  } catch {
    throw new ApiError(0, detailOf(undefined, 0));
  }
  if (!answer.response.ok) throw new ApiError(answer.response.status, detailOf(answer.error, answer.response.status));
  return answer.data as T;
}

function authHeaders(): Record<string, string> {
  const token = authStore.token();
  return token ? { authorization: `Bearer ${token}` } : {};
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Fetches a file the API serves behind the bearer token (CSV, YAML, images) as a Blob. */
export async function fetchBlob(path: string): Promise<Blob> {
  const res = await fetch(path, { headers: authHeaders() }).catch(() => {
    throw new ApiError(0, detailOf(undefined, 0));
  });
  if (!res.ok) throw new ApiError(res.status, detailOf(await res.json().catch(() => undefined), res.status));
  return res.blob();
}

/** Saves a Blob under `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads an authenticated file (CSV, YAML) as `fileName`. */
export async function download(path: string, fileName: string): Promise<void> {
  saveBlob(await fetchBlob(path), fileName);
}

/**
 * Uploads a multipart form with progress (fetch cannot report upload progress; XMLHttpRequest
 * can). `onProgress` gets a fraction from 0 to 1.
 */
export function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, detailOf(body, xhr.status)));
    };
    xhr.onerror = () => reject(new ApiError(0, detailOf(undefined, 0)));
    xhr.send(form);
  });
}
