import { appConfigDefinitions, type AppConfigEntry, type AppConfigKey, configFromEntries } from '@studio/shared/config/app-config';
import { create } from 'zustand';
import { api } from './api-client';

export type AppConfig = Readonly<Record<string, unknown>>;

interface AppConfigState {
  config: AppConfig;
}

/** Filled once at boot from GET /api/appconfig; the router is built from it, so it does not change afterwards. */
export const useAppConfig = create<AppConfigState>(() => ({ config: {} }));

export function useConfig(): AppConfig {
  return useAppConfig((state) => state.config);
}

declare global {
  interface Window {
    /** GET /api/appconfig started by index.html before the app's code arrived; null when it failed. */
    __studioConfig?: Promise<unknown>;
  }
}

/** The config index.html already asked for, once; anything but a list of entries is asked again through the API client. */
async function earlyEntries(): Promise<AppConfigEntry[] | null> {
  const early = window.__studioConfig;
  delete window.__studioConfig;
  const answer = early ? await early : null;
  return Array.isArray(answer) ? (answer as AppConfigEntry[]) : null;
}

export async function loadAppConfig(): Promise<AppConfig> {
  const entries = (await earlyEntries()) ?? (await api.get<AppConfigEntry[]>('/appconfig'));
  const config = configFromEntries(entries);
  useAppConfig.setState({ config });
  return config;
}

// Values come typed from the API; a missing or mistyped value falls back to the documented default.
function read<T>(config: AppConfig, key: AppConfigKey, isType: (value: unknown) => value is T): T | undefined {
  const value = config[key];
  if (isType(value)) return value;
  const fallback = appConfigDefinitions[key].default;
  return isType(fallback) ? fallback : undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function configString(config: AppConfig, key: AppConfigKey): string {
  return read(config, key, isString) ?? '';
}

export function configBoolean(config: AppConfig, key: AppConfigKey): boolean {
  return read(config, key, isBoolean) ?? false;
}

export function configNumber(config: AppConfig, key: AppConfigKey): number | null {
  return read(config, key, isNumber) ?? null;
}
