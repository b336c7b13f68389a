import { CONSTANTS } from '../../core/types/api';
import { whenIdle } from './idle';

type ToastApi = (typeof import('./toast-kit'))['Toast'];

/**
 * antd-mobile's Toast is loaded on first use, not with the API client: its mask and react-spring
 * (≈24 KB brotli) were evaluated on every route's first load for a toast that rarely shows then
 *. It is fetched and evaluated when the browser is first idle, so a later toast is as
 * quick as before.
 */
let kit: Promise<ToastApi> | null = null;
function toastKit(): Promise<ToastApi> {
  kit ??= import('./toast-kit').then((m) => m.Toast);
  return kit;
}
if (typeof window !== 'undefined') whenIdle(() => void toastKit(), 4000);

/** Spec §9: toasts stay 1.5 s unless a caller says otherwise. */
export function toast(content: string, duration: number = CONSTANTS.toastMs): void {
  if (!content) return;
  void toastKit().then((Toast) => Toast.show({ content, duration }));
}

export function toastSuccess(content: string): void {
  void toastKit().then((Toast) => Toast.show({ content, icon: 'success', duration: CONSTANTS.toastMs }));
}

let loading: { close: () => void } | null = null;
/** counts show/hide calls, so a hide that comes before the kit has loaded cancels that show */
let loadingTurn = 0;

/** The request spinner; the API client decides when (after 800 ms). */
export function showLoading(): void {
  const turn = ++loadingTurn;
  void toastKit().then((Toast) => {
    if (turn !== loadingTurn) return;
    loading?.close();
    loading = Toast.show({ icon: 'loading', duration: 0, maskClickable: true });
  });
}

export function hideLoading(): void {
  loadingTurn++;
  loading?.close();
  loading = null;
}
