import { useOutletContext } from 'react-router';

/** What the chat layout hands the conversation: the wide-screen list's collapsed flag (spec 3 client state). */
export interface ChatLayoutContext {
  sidebarCollapsed: boolean;
  toggleSidebar: () => void;
}

export function useChatLayout(): ChatLayoutContext {
  return useOutletContext<ChatLayoutContext>();
}
