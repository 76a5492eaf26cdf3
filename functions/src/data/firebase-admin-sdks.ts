import type * as AppSdk from 'firebase-admin/app';
import type * as AppCheckSdk from 'firebase-admin/app-check';
import type * as AuthSdk from 'firebase-admin/auth';
import type * as FirestoreSdk from 'firebase-admin/firestore';
import type * as StorageSdk from 'firebase-admin/storage';
import { lazyModule } from './lazy-module';

// firebase-admin's entry points, each loaded on first use: Firestore alone
// (with @google-cloud/firestore and google-gax) is most of a cold start.
export const appSdk = lazyModule<typeof AppSdk>('firebase-admin/app');
export const firestoreSdk = lazyModule<typeof FirestoreSdk>('firebase-admin/firestore');
export const authSdk = lazyModule<typeof AuthSdk>('firebase-admin/auth');
export const appCheckSdk = lazyModule<typeof AppCheckSdk>('firebase-admin/app-check');
export const storageSdk = lazyModule<typeof StorageSdk>('firebase-admin/storage');

/** The default firebase-admin app, initialised by whichever service is used first (credentials and project from the environment). */
export function adminApp(): AppSdk.App {
  const { getApps, initializeApp } = appSdk();
  return getApps()[0] ?? initializeApp();
}
