import { errorStore, invalidChannelStore, maintenanceStore } from '../lib/app-state';
import { resetBotChecks } from '../domain/bot-check/bot-check';
import { emptySession, markLoginChecked, sessionStore } from '../api/session';
import { flashStore } from '../lib/flash';
import { resetLoadTasks } from '../lib/load-tasks';
import { productHistoryStore } from '../domain/product-history/product-history';
import { activeThemeStore } from '../themes/active-theme';
import { resetLanding } from '../features/popup/popup-memory';

/** Puts every module-level store back to its first value between tests. */
export function resetAppState(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  sessionStore.set(emptySession);
  maintenanceStore.set(null);
  invalidChannelStore.set(false);
  errorStore.set(null);
  flashStore.set({ current: null, next: null });
  productHistoryStore.set([]);
  resetLoadTasks();
  markLoginChecked(false);
  resetBotChecks();
  activeThemeStore.set({});
  resetLanding();
}
