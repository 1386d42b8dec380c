import { useCallback, useEffect, useRef, useState } from 'react';

export const CHAT_MEDIA_ACCEPT = 'image/*,video/mp4,audio/mp4,audio/x-m4a,audio/m4a,.m4a';
const MAX_FILES = 10;

export interface Attachment {
  id: string;
  name: string;
  kind: 'image' | 'video' | 'audio';
  /** A local preview (object URL) for pictures. */
  preview: string | null;
  /** The upload's key once the server has it. */
  key: string | null;
  error: string | null;
}

function kindOf(file: File): Attachment['kind'] {
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/') || /\.m4a$/i.test(file.name)) return 'audio';
  return 'image';
}

async function upload(file: File): Promise<{ key: string } | { error: string }> {
  const response = await fetch(`/media/upload?kind=chat&name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  }).catch(() => null);
  if (!response) return { error: 'We could not reach Plaza. Check your connection.' };
  const json = (await response.json().catch(() => null)) as { key?: string; message?: string } | null;
  if (response.status === 201 && json?.key) return { key: json.key };
  return { error: json?.message ?? 'That file did not work. Try another one.' };
}

/**
 * Files chosen for the next message, uploaded at once (checked by the server: type by content,
 * size caps) so sending only names their keys.
 */
export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([]);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
    };
  }, []);

  const add = useCallback((files: readonly File[]) => {
    const chosen = files.slice(0, MAX_FILES).map((file) => {
      const kind = kindOf(file);
      const preview = kind === 'image' ? URL.createObjectURL(file) : null;
      if (preview) urls.current.add(preview);
      return {
        file,
        item: {
          id: `${Date.now()}-${Math.random()}`,
          name: file.name,
          kind,
          preview,
          key: null,
          error: null,
        },
      };
    });
    setItems((current) => [...current, ...chosen.map(({ item }) => item)].slice(0, MAX_FILES));
    for (const { file, item } of chosen) {
      void upload(file).then((answer) =>
        setItems((current) =>
          current.map((held) =>
            held.id === item.id
              ? { ...held, ...('key' in answer ? { key: answer.key } : { error: answer.error }) }
              : held,
          ),
        ),
      );
    }
  }, []);

  const remove = useCallback(
    (id: string) => setItems((current) => current.filter((item) => item.id !== id)),
    [],
  );
  const clear = useCallback(() => setItems([]), []);

  const isUploading = items.some((item) => item.key === null && item.error === null);
  const ready = items.filter((item) => item.key !== null);
  return { items, add, remove, clear, isUploading, ready };
}

export type Attachments = ReturnType<typeof useAttachments>;
