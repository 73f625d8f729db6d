import { useChatLifecycle } from '../../../chat/use-chat';

/** Keeps the live connection up for the signed-in mobile area; mounted once, in HomeRoutes. */
export function ChatLifecycle() {
  useChatLifecycle();
  return null;
}
