import { apiFetch } from './http';
import { UPLOADS_URL } from '../domain/roles';

/**
 * Where images go: our own upload call (UPLOADS_URL) by default (same answer shape as the third-party host),
 * or a Cloudinary-style host when VITE_IMAGE_UPLOAD_URL (and its unsigned VITE_IMAGE_UPLOAD_PRESET) are set.
 */
const uploadUrl: string = import.meta.env.VITE_IMAGE_UPLOAD_URL || UPLOADS_URL;
const uploadPreset: string | undefined = import.meta.env.VITE_IMAGE_UPLOAD_PRESET || undefined;

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  if (uploadPreset) form.append('upload_preset', uploadPreset);

  // Our own API wants the bearer token; a third-party host must never see it.
  const { body } = await apiFetch(uploadUrl, { method: 'POST', body: form, authenticated: uploadUrl.startsWith('/') });
  const url = (body as { secure_url?: unknown } | null)?.secure_url;
  if (typeof url !== 'string' || url === '') throw new Error('The image host answered without a secure_url');
  return url;
}
