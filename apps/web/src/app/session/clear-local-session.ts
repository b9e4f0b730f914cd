import { useSession } from '../../lib/session-store.ts';
import { useTagsView } from '../../lib/tags-view-store.ts';

/**
 * spec §4: token, ids, permissions, third party, company and views are all dropped.
 * Changing the token rebuilds the router (see app-router.tsx), which also empties the
 * query cache once the old pages are gone and sends the user to login.
 */
export function clearLocalSession(): void {
  useTagsView.getState().reset([]);
  useSession.getState().clear();
}
