import { vi } from 'vitest';

export const initializeApp = vi.fn((options: object) => ({ name: '[DEFAULT]', options }));
