import { Toast } from 'antd-mobile';
import { CONSTANTS } from '../../core/types/api';

/** Spec §9: toasts stay 1.5 s unless a caller says otherwise. */
export function toast(content: string, duration: number = CONSTANTS.toastMs): void {
  if (!content) return;
  Toast.show({ content, duration });
}

export function toastSuccess(content: string): void {
  Toast.show({ content, icon: 'success', duration: CONSTANTS.toastMs });
}

let loading: ReturnType<typeof Toast.show> | null = null;

/** The request spinner; the API client decides when (after 800 ms). */
export function showLoading(): void {
  loading = Toast.show({ icon: 'loading', duration: 0, maskClickable: true });
}

export function hideLoading(): void {
  loading?.close();
  loading = null;
}
