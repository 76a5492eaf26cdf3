import type { ReactNode } from 'react';
import { create } from 'zustand';

type ModalRequest = { kind: 'content'; title: string; body: ReactNode } | { kind: 'confirm'; message: string; resolve: (confirmed: boolean) => void };

/** The global modal area: one modal at a time, opened from anywhere without prop drilling. */
export const useModalStore = create<{ current: ModalRequest | null }>(() => ({ current: null }));

function replaceCurrent(next: ModalRequest | null): void {
  const { current } = useModalStore.getState();
  // A confirmation that gets replaced or closed counts as declined, so its caller never waits forever.
  if (current?.kind === 'confirm') current.resolve(false);
  useModalStore.setState({ current: next });
}

export function openModal(title: string, body: ReactNode): void {
  replaceCurrent({ kind: 'content', title, body });
}

export function closeModal(): void {
  replaceCurrent(null);
}

/** Asks before a destructive action; resolves true only when the person accepts. */
export function confirmAction(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    replaceCurrent({ kind: 'confirm', message, resolve });
  });
}

export function answerConfirm(confirmed: boolean): void {
  const { current } = useModalStore.getState();
  if (current?.kind !== 'confirm') return;
  useModalStore.setState({ current: null });
  current.resolve(confirmed);
}
