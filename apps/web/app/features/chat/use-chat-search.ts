import { useEffect, useState } from 'react';
import { DATA_FETCH_DELAY_MS } from '@plaza/core/constants';
import { CHAT_LIST_FIELDS, type ChatListItem } from './chat-data.ts';
import { liveRequest } from '../../graphql/live-client.ts';

const SEARCH_CHATS = `query SearchChats($text: String!) { searchChats(text: $text) { ${CHAT_LIST_FIELDS} } }`;

/**
 * Chats found by the server for the typed text (hidden ones too), asked for once typing pauses
 * (spec 9 data-fetch delay); null while there is no text or no answer yet.
 */
export function useChatSearch(text: string): ChatListItem[] | null {
  const [found, setFound] = useState<{ text: string; chats: ChatListItem[] } | null>(null);
  const needle = text.trim();
  useEffect(() => {
    if (needle === '') return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      void liveRequest<{ searchChats: ChatListItem[] }>(SEARCH_CHATS, { text: needle.slice(0, 100) })
        .then((result) => {
          if (isCurrent && result.data) setFound({ text: needle, chats: result.data.searchChats });
        })
        .catch(() => undefined);
    }, DATA_FETCH_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [needle]);
  return needle !== '' && found?.text === needle ? found.chats : null;
}
