interface UploadAnswer {
  path?: string;
  message?: string;
}

/**
 * Sends a chosen picture to POST /media/upload (checked and re-encoded by the server) and answers
 * its path, or the reason it was refused. `avatar` crops square; `image` keeps the shape (covers).
 */
export async function uploadImage(
  file: File,
  kind: 'avatar' | 'image',
): Promise<{ path: string } | { error: string }> {
  const response = await fetch(`/media/upload?kind=${kind}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  }).catch(() => null);
  if (!response) return { error: 'We could not reach Plaza. Check your connection.' };
  const json = (await response.json().catch(() => null)) as UploadAnswer | null;
  if (response.status === 201 && json?.path) return { path: json.path };
  return { error: json?.message ?? 'That picture did not work. Try another one.' };
}
