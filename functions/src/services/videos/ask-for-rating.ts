import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { fill } from '@studio/shared/messages';
import { videoMessages } from '@studio/shared/messages/videos';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { createMailOnce, type MailDoc, mailExists } from '../../data/repos/mail-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { escapeHtml } from '../mail/booking-mail-content';
import { knownSiteOrigin } from '../site-origin';
import { watchableVideo } from './videos';

const m = videoMessages.ratingMail;

/** One invitation per customer and video, ever: the id is derived from both (docs/videos). */
export const videoRatingMailId = (videoId: number, customerId: number) => `video-${videoId}-rating-${customerId}`;

const stringOr = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback);

interface RatingMailFacts {
  studio: string;
  customerName: string | null;
  videoName: string;
  /** The video's page in the customer area; null when the studio has no public domain configured. */
  link: string | null;
}

/** Subject and bodies of the invitation; every value from users (names) is escaped in the HTML. */
export function ratingMailMessage(facts: RatingMailFacts): MailDoc['message'] {
  const values = { studio: facts.studio, video: facts.videoName, name: facts.customerName ?? '' };
  const greeting = facts.customerName ? fill(m.greeting, values) : m.greetingNoName;
  const body = fill(m.body, values);
  const signature = fill(m.signature, values);
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const action = facts.link
    ? `${p(m.action)}<p style="margin:0 0 16px"><a href="${escapeHtml(facts.link)}" style="color:#d9485f;font-weight:600">${escapeHtml(m.linkText)}</a></p>`
    : p(m.actionNoLink);
  return {
    subject: fill(m.subject, values),
    text: `${[greeting, body, facts.link ? `${m.action}\n${facts.link}` : m.actionNoLink, signature].join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      '<html lang="es"><body style="margin:0;padding:24px;background:#f7f5f2;font-family:Helvetica,Arial,sans-serif;color:#1f1d2b;font-size:15px;line-height:1.5">',
      '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
      `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(facts.studio)}</h1>`,
      p(greeting),
      p(body),
      action,
      p(signature),
      '</div></body></html>',
    ].join(''),
  };
}

/**
 * POST /videos/rating/email {video_id}: writes one e-mail to `mail/` asking the
 * caller to rate a video they may watch (412 / 404 as GET /videos/{id}). Once
 * per customer and video, ever: a second request writes nothing and says so.
 * Needs the caller's customer record with an e-mail address (412 otherwise).
 */
export async function askForVideoRating(deps: Deps, identity: VerifiedIdentity, videoId: number): Promise<{ sent: boolean; message: string }> {
  const video = await watchableVideo(deps, identity, videoId);
  const customer = await getCustomerByUid(deps.store, identity.uid);
  const email = typeof customer?.email === 'string' ? customer.email.trim() : '';
  if (!customer || email === '') throw new AppError('precondition', 'videos/no-email', videoMessages.noEmail);
  const id = videoRatingMailId(video.video_id, customer.customer_id);
  const already = { sent: false, message: videoMessages.ratingEmailAlreadySent };
  // A cheap check first: a repeated request costs one read, not the config read.
  if (await mailExists(deps.store, id)) return already;
  const config = await getStoredConfig(deps.store);
  const origin = knownSiteOrigin(config.domain, deps.siteOrigin);
  const message = ratingMailMessage({
    studio: stringOr(config.business_name, String(appConfigDefinitions.business_name.default)),
    customerName: typeof customer.name === 'string' && customer.name.trim() !== '' ? customer.name.trim() : null,
    videoName: video.name,
    link: origin ? `${origin}/mystudio/video/${video.video_id}` : null,
  });
  const written = await createMailOnce(deps.store, id, {
    to: email,
    message,
    kind: 'video-rating',
    customer_id: customer.customer_id,
    reference: { type: 'video', id: video.video_id },
    createdAt: deps.now(),
  });
  return written ? { sent: true, message: videoMessages.ratingEmailSent } : already;
}
