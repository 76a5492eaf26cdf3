import { adminMailMessages } from '@studio/shared/messages/admin-mail';
import { MAIL_PAGE_SIZE, type MailDeliveryState, type MailDetail, type MailListPage, type MailListQuery, type MailSummary } from '@studio/shared/schemas/mail';
import { getStoredMail, listMailPage, type StoredMail } from '../../data/repos/mail-list-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';

const knownStates: ReadonlySet<string> = new Set(['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR']);

/**
 * The extension's `delivery.state` as the admin reads it: RETRY is still being
 * worked on (PROCESSING); no delivery yet, or a state we do not know, is null.
 */
export function deliveryStateOf(mail: StoredMail): MailDeliveryState | null {
  const state = mail.delivery?.state;
  if (state === 'RETRY') return 'PROCESSING';
  return typeof state === 'string' && knownStates.has(state) ? (state as MailDeliveryState) : null;
}

function toSummary(id: string, mail: StoredMail): MailSummary {
  return {
    mail_id: id,
    // The extension also accepts a list of addresses; ours always write one.
    to: Array.isArray(mail.to) ? mail.to.join(', ') : String(mail.to ?? ''),
    subject: mail.message?.subject ?? '',
    createdAt: mail.createdAt instanceof Date ? mail.createdAt.toISOString() : '',
    state: deliveryStateOf(mail),
    error: mail.delivery?.error ?? null,
    kind: mail.kind ?? null,
    reference: mail.reference ? { type: mail.reference.type, id: mail.reference.id } : null,
  };
}

/** GET /api/mail?page&to (admin): newest first, 50 a page, optionally the e-mails to one address. */
export async function listMail(deps: Deps, query: MailListQuery): Promise<MailListPage> {
  const page = query.page ?? 1;
  const { mail, total } = await listMailPage(deps.store, { to: query.to, offset: (page - 1) * MAIL_PAGE_SIZE, limit: MAIL_PAGE_SIZE });
  return { mail: mail.map(({ id, mail: doc }) => toSummary(id, doc)), total, page, page_size: MAIL_PAGE_SIZE };
}

/** GET /api/mail/{id} (admin): one e-mail with its plain-text body (never the HTML: it is the same content). */
export async function getMailDetail(deps: Deps, mailId: string): Promise<MailDetail> {
  const mail = await getStoredMail(deps.store, mailId);
  if (!mail) throw new AppError('not-found', 'mail/not-found', adminMailMessages.notFound);
  return { ...toSummary(mailId, mail), text: mail.message?.text ?? '', attempts: mail.delivery?.attempts ?? 0 };
}
