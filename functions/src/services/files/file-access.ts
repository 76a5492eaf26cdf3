import { messages } from '@studio/shared/messages';
import { filesMessages } from '@studio/shared/messages/files';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import type { FileDoc } from '../../data/files/files-repo';
import { AppError } from '../../domain/errors';

export const fileNotFound = () => new AppError('not-found', 'files/not-found', filesMessages.notFound);

const isOwnerOrAdmin = (doc: FileDoc, identity: VerifiedIdentity | undefined) => identity !== undefined && (identity.admin || identity.uid === doc.owner_uid);

/**
 * Who sees a file: its owner and admins always (they follow its processing);
 * anyone else only a public file that processing verified. Everyone else is
 * told it does not exist, so private files cannot be probed.
 */
export function canSeeFile(doc: FileDoc, identity: VerifiedIdentity | undefined): boolean {
  return isOwnerOrAdmin(doc, identity) || (doc.visibility === 'public' && doc.status === 'ready');
}

/** Edits and deletes: the owner or an admin; 404 for those who cannot see the file, 403 for those who can. */
export function assertCanChangeFile(doc: FileDoc | null, identity: VerifiedIdentity): asserts doc is FileDoc {
  if (doc === null || !canSeeFile(doc, identity)) throw fileNotFound();
  if (!isOwnerOrAdmin(doc, identity)) throw new AppError('forbidden', 'auth/forbidden', messages.auth.forbidden);
}
