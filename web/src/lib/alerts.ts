import { create } from 'zustand';

export const ERROR_ALERT_TIMEOUT_MS = 5000;
export const SUCCESS_ALERT_TIMEOUT_MS = 3000;

export type AlertKind = 'error' | 'success';

export interface Alert {
  id: number;
  text: string;
}

type AlertsState = Record<AlertKind, Alert | null>;

/** One error slot and one success slot, as the product has always shown them; a new alert replaces the old. */
export const useAlerts = create<AlertsState>(() => ({ error: null, success: null }));

const timeouts: Record<AlertKind, number> = { error: ERROR_ALERT_TIMEOUT_MS, success: SUCCESS_ALERT_TIMEOUT_MS };
let lastId = 0;

/** Raw transport texts ("…status code 401") leak through some errors; the spec keeps them from users. */
function isHidden(text: string): boolean {
  return text.includes('400') || text.includes('401');
}

function show(kind: AlertKind, text: string): void {
  if (!text || isHidden(text)) return;
  const id = ++lastId;
  useAlerts.setState({ [kind]: { id, text } });
  setTimeout(() => {
    if (useAlerts.getState()[kind]?.id === id) useAlerts.setState({ [kind]: null });
  }, timeouts[kind]);
}

export function showError(text: string): void {
  show('error', text);
}

export function showSuccess(text: string): void {
  show('success', text);
}

export function dismissAlert(kind: AlertKind): void {
  useAlerts.setState({ [kind]: null });
}
