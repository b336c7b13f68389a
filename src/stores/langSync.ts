import { LANGS } from '../../core/types/api';
import { session, setLang } from './session';

/**
 * The stored session is shared by every tab of the app: when another tab switches the language,
 * this tab follows at once (the browser fires `storage` in the other tabs only), instead of
 * showing the old language until the next reload.
 */
export function followLangOfOtherTabs(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== 'session' || !e.newValue) return;
    let lang: unknown;
    try {
      lang = (JSON.parse(e.newValue) as { lang?: unknown }).lang;
    } catch {
      return; // not ours to repair
    }
    if (typeof lang === 'string' && (LANGS as readonly string[]).includes(lang) && lang !== session.lang) setLang(lang);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
