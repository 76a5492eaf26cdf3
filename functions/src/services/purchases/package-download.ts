import { checkoutMessages as m } from '@studio/shared/messages/checkout';
import { materialStanding, soldWithMaterial } from '@studio/shared/rules/purchase-material';
import type { PackageDownload } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type FileDoc, getFile } from '../../data/files/files-repo';
import { getClassPackage } from '../../data/repos/class-packages-repo';
import { getPurchase, type PurchaseDoc } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { FILES_RAW_PATH, toFileDto } from '../files/file-dto';
import type { FileContent } from '../files/read-files';
import { purchaseNotFound } from './lifecycle/purchase-errors';

/**
 * A downloadable package's material, for its buyers only (docs/packages
 * "Downloadable packages"). The catalogue never shows `file_url`; a buyer asks
 * for it through their purchase:
 * - GET /purchases/{id}/download → `{download: {url, name}}`: an outside link
 *   as it is, or, for one of our uploads (`/api/files/raw/{id}`), the path
 *   below, which serves the bytes to the buyer whatever the upload's
 *   visibility (so the studio uploads the material as private);
 * - GET /purchases/{id}/download/file → those bytes.
 */

const OWN_FILE = new RegExp(`^${FILES_RAW_PATH}/(\\d+)$`);

const noDownload = () => new AppError('not-found', 'purchases/no-download', m.noDownload);

function assertEntitled(purchase: PurchaseDoc): void {
  const standing = materialStanding(purchase);
  if (standing === 'unpaid') throw new AppError('precondition', 'purchases/download-unpaid', m.downloadUnpaid);
  if (standing === 'not-given') throw new AppError('forbidden', 'purchases/download-unavailable', m.downloadUnavailable);
}

/**
 * The package's file as it is today (the studio may fix a broken link), for
 * the purchase's buyer or an admin, when the purchase was sold with material
 * (shared/rules/purchase-material.ts, the rule Mis Compras shows it by).
 */
async function materialOf(deps: Deps, identity: VerifiedIdentity, purchaseId: number): Promise<string> {
  const purchase = await getPurchase(deps.store, purchaseId);
  if (!purchase || (purchase.uid !== identity.uid && !identity.admin)) throw purchaseNotFound();
  const pkg = await getClassPackage(deps.store, purchase.class_package_id);
  const fileUrl = soldWithMaterial(purchase, pkg?.downloadable) ? pkg?.file_url?.trim() : '';
  if (!fileUrl) throw noDownload();
  if (!identity.admin) assertEntitled(purchase);
  return fileUrl;
}

/** One of our uploads that a buyer may download: processed (an admin also sees one still being checked). */
async function ownFile(deps: Deps, identity: VerifiedIdentity, fileUrl: string): Promise<FileDoc | null> {
  const match = OWN_FILE.exec(fileUrl);
  if (!match) return null;
  const doc = await getFile(deps.store, Number(match[1]));
  if (!doc || doc.status === 'rejected' || (doc.status !== 'ready' && !identity.admin)) throw noDownload();
  return doc;
}

export const packageFilePath = (purchaseId: number) => `/api/purchases/${purchaseId}/download/file`;

/** GET /purchases/{id}/download. */
export async function getPackageDownload(deps: Deps, identity: VerifiedIdentity, purchaseId: number): Promise<PackageDownload> {
  const fileUrl = await materialOf(deps, identity, purchaseId);
  const file = await ownFile(deps, identity, fileUrl);
  return file ? { url: packageFilePath(purchaseId), name: file.name } : { url: fileUrl, name: null };
}

/** GET /purchases/{id}/download/file: the bytes of an uploaded material; an outside link has none here (404). */
export async function openPackageFile(deps: Deps, identity: VerifiedIdentity, purchaseId: number): Promise<FileContent> {
  const fileUrl = await materialOf(deps, identity, purchaseId);
  const file = await ownFile(deps, identity, fileUrl);
  if (!file) throw noDownload();
  const stream = await deps.files.openReadStream(file.key);
  if (stream === null) throw noDownload();
  return { file: toFileDto(file), sha256: file.sha256, cacheable: false, stream };
}
