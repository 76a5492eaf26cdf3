import { accessMessages } from '@studio/shared/messages/access';
import { type VideoCreateInput, type VideoQuery, VIDEOS_PAGE_SIZE, type VideoUpdateInput } from '@studio/shared/schemas/video';
import type { CustomerVideo, Video } from '@studio/shared/types/videos';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type CatalogueRecord, getRecord, type InstructorDoc, type TagDoc } from '../../data/repos/catalogue-repo';
import { allocateId } from '../../data/repos/counters-repo';
import { getVideoMark } from '../../data/repos/video-marks-repo';
import { createVideo, deleteVideo as removeVideo, findVideos, getVideo, replaceVideo, type VideoDoc, type VideoFilter } from '../../data/repos/videos-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError, invalidFields } from '../../domain/errors';
import { assertCanWatch } from './access';
import { videoQueryTerms } from './search-terms';
import { flagsOf, marksByVideo, withFlags } from './video-flags';
import { ratingSummary } from './video-rating-summary';
import { searchTermsReader } from './video-search';

export const notFound = () => new AppError('not-found', 'videos/not-found', accessMessages.videoNotFound);
const text = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** Customers see published videos once released; admins see drafts and upcoming ones too. */
export const visibleTo = (identity: VerifiedIdentity, video: VideoDoc, now: Date) =>
  identity.admin || (video.available && video.release_date.getTime() <= now.getTime());

const newestFirst = (a: VideoDoc, b: VideoDoc) => b.release_date.getTime() - a.release_date.getTime() || b.video_id - a.video_id;

/** Instructors and tags of the videos shown, read once each (archived ones still resolve: they describe the past). */
export async function toVideoDtos(deps: Deps, docs: VideoDoc[]): Promise<Video[]> {
  const instructorIds = [...new Set(docs.flatMap((doc) => (doc.instructor_id === null ? [] : [doc.instructor_id])))];
  const tagIds = [...new Set(docs.flatMap((doc) => doc.tag_ids))];
  const [instructors, tags] = await Promise.all([
    Promise.all(instructorIds.map((id) => getRecord<InstructorDoc>(deps.store, 'instructors', id))),
    Promise.all(tagIds.map((id) => getRecord<TagDoc>(deps.store, 'tags', id))),
  ]);
  const instructorById = new Map(instructors.flatMap((doc) => (doc ? [[doc.instructor_id, doc] as const] : [])));
  const tagById = new Map(tags.flatMap((doc) => (doc ? [[doc.tag_id, doc] as const] : [])));
  return docs.map((doc) => {
    const instructor = doc.instructor_id === null ? undefined : instructorById.get(doc.instructor_id);
    return {
      video_id: doc.video_id,
      name: doc.name,
      description: doc.description,
      duration: doc.duration,
      url: doc.url,
      thumbnail: doc.thumbnail,
      file: doc.file,
      instructor_id: doc.instructor_id,
      instructor: instructor
        ? {
            instructor_id: instructor.instructor_id,
            name: instructor.name,
            last_name: instructor.last_name ?? null,
            nick_name: instructor.nick_name ?? null,
            file: instructor.file ?? null,
          }
        : null,
      video_type_id: doc.video_type_id,
      program_id: doc.program_id,
      class_type_id: doc.class_type_id,
      class_category_id: doc.class_category_id,
      tag_ids: doc.tag_ids,
      tags: doc.tag_ids.flatMap((id) => {
        const tag = tagById.get(id);
        return tag ? [{ tag_id: tag.tag_id, name: tag.name, color: tag.color }] : [];
      }),
      available: doc.available,
      release_date: doc.release_date.toISOString(),
      playbacks: doc.playbacks,
      createdAt: doc.createdAt.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
    };
  });
}

export interface VideoPage {
  videos: CustomerVideo[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * GET /videos (and /videos/tag/{tag}, /videos/program/{program}). The store
 * gets the equality filters and the tag's array-contains, which need no
 * composite index; the query's words (matched against the name, description
 * and the names of the coach, tags, category, class type, video type and
 * program as they are now: docs/adr/0119), the duration, the release date, the
 * order (newest first) and the page are applied here. That reads every match,
 * which is fine for a studio's library (hundreds of videos), not for a
 * streaming service.
 */
export async function listVideos(deps: Deps, identity: VerifiedIdentity, query: VideoQuery): Promise<VideoPage> {
  await assertCanWatch(deps, identity);
  const page = query.page ?? 1;
  const marks = await marksByVideo(deps, identity.uid);
  const terms = videoQueryTerms(query.query);
  const filter: VideoFilter = {
    equals: {
      ...(identity.admin ? {} : { available: true }),
      class_category_id: query.class_category_id,
      class_type_id: query.class_type_id,
      instructor_id: query.instructor_id,
      video_type_id: query.video_type_id,
      program_id: query.program_id,
    },
  };
  if (query.tag_id !== undefined) filter.contains = { field: 'tag_ids', value: query.tag_id };
  const now = deps.now();
  const termsOf = terms.length > 0 ? await searchTermsReader(deps) : null;
  const matches = (await findVideos(deps.store, filter))
    .filter((video) => visibleTo(identity, video, now))
    .filter((video) => {
      if (termsOf === null) return true;
      const own = new Set(termsOf(video));
      return terms.every((term) => own.has(term));
    })
    .filter((video) => query.duration === undefined || (video.duration !== null && video.duration <= query.duration))
    // completed=true: only the caller's completed videos; false: only the others (the caller's own marks).
    .filter((video) => query.completed === undefined || (marks.get(video.video_id)?.completed === true) === query.completed)
    .sort(newestFirst);
  const slice = matches.slice((page - 1) * VIDEOS_PAGE_SIZE, page * VIDEOS_PAGE_SIZE);
  return { videos: withFlags(await toVideoDtos(deps, slice), marks), total: matches.length, page, page_size: VIDEOS_PAGE_SIZE };
}

/** GET /videos/upcoming: published videos not released yet, soonest first (one page). */
export async function listUpcomingVideos(deps: Deps, identity: VerifiedIdentity): Promise<CustomerVideo[]> {
  await assertCanWatch(deps, identity);
  const now = deps.now();
  const marks = await marksByVideo(deps, identity.uid);
  const upcoming = (await findVideos(deps.store, { equals: { available: true } }))
    .filter((video) => video.release_date.getTime() > now.getTime())
    .sort((a, b) => a.release_date.getTime() - b.release_date.getTime() || a.video_id - b.video_id)
    .slice(0, VIDEOS_PAGE_SIZE);
  return withFlags(await toVideoDtos(deps, upcoming), marks);
}

/**
 * The video the caller may watch, or the spec's errors: the membership check
 * comes first (412), so a 404 never tells a non-member what exists; then an
 * unknown, draft or unreleased video is a 404 for customers. Every call on one
 * video (reading, marking, rating) goes through it.
 */
export async function watchableVideo(deps: Deps, identity: VerifiedIdentity, id: number): Promise<VideoDoc> {
  await assertCanWatch(deps, identity);
  const video = await getVideo(deps.store, id);
  if (!video || !visibleTo(identity, video, deps.now())) throw notFound();
  return video;
}

/** One video as a signed-in caller sees it: the DTO with the caller's flags and, when asked, the rating summary. */
export async function customerVideoOf(deps: Deps, identity: VerifiedIdentity, video: VideoDoc, options: { rating?: boolean } = {}): Promise<CustomerVideo> {
  const [dto, mark, rating] = await Promise.all([
    toVideoDtos(deps, [video]),
    getVideoMark(deps.store, identity.uid, video.video_id),
    options.rating ? ratingSummary(deps, video.video_id, identity.uid) : undefined,
  ]);
  return { ...(dto[0] as Video), ...flagsOf(mark), ...(rating ? { rating } : {}) };
}

/** GET /videos/{id}: the video with the caller's flags and its rating (average, count, the caller's stars). */
export async function getVideoFor(deps: Deps, identity: VerifiedIdentity, id: number): Promise<CustomerVideo> {
  return customerVideoOf(deps, identity, await watchableVideo(deps, identity, id), { rating: true });
}

type VideoFields = Omit<VideoCreateInput, 'name' | 'url'>;

const references: Array<{ field: keyof VideoFields; collection: string }> = [
  { field: 'instructor_id', collection: 'instructors' },
  { field: 'video_type_id', collection: 'video_types' },
  { field: 'program_id', collection: 'programs' },
  { field: 'class_type_id', collection: 'class_types' },
  { field: 'class_category_id', collection: 'class_categories' },
];

/**
 * Every catalogue record the video newly points at must exist and not be
 * archived; 400 naming the fields otherwise. References it already had are
 * left alone, so archiving a coach does not lock their videos from edits.
 */
async function checkReferences(deps: Deps, tx: Transaction, input: VideoFields, before: VideoDoc | null): Promise<void> {
  const wanted = references.flatMap(({ field, collection }) => {
    const id = input[field];
    const unchanged = before !== null && before[field as keyof VideoDoc] === id;
    return typeof id === 'number' && !unchanged ? [{ field, collection, id }] : [];
  });
  for (const id of input.tags ?? []) {
    if (!before?.tag_ids.includes(id)) wanted.push({ field: 'tags', collection: 'tags', id });
  }
  const found = await Promise.all(wanted.map((ref) => getRecord<CatalogueRecord>(deps.store, ref.collection, ref.id, tx)));
  const fields: Record<string, string> = {};
  wanted.forEach((ref, i) => {
    const record = found[i];
    if (!record || record.deletedAt) fields[ref.field] = accessMessages.referenceNotFound;
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

function applyInput(before: VideoDoc | null, input: VideoCreateInput, id: number, now: Date): VideoDoc {
  const keep = <K extends keyof VideoDoc>(key: K, value: VideoDoc[K] | undefined, fallback: VideoDoc[K]): VideoDoc[K] =>
    value !== undefined ? value : before ? before[key] : fallback;
  const name = input.name.trim();
  return {
    video_id: id,
    name,
    description: input.description === undefined ? (before?.description ?? null) : text(input.description),
    duration: keep('duration', input.duration, null),
    url: input.url.trim(),
    thumbnail: input.thumbnail === undefined ? (before?.thumbnail ?? null) : text(input.thumbnail),
    file: input.file === undefined ? (before?.file ?? null) : input.file && { name: input.file.name, type: input.file.type, src: input.file.src },
    instructor_id: keep('instructor_id', input.instructor_id, null),
    video_type_id: keep('video_type_id', input.video_type_id, null),
    program_id: keep('program_id', input.program_id, null),
    class_type_id: keep('class_type_id', input.class_type_id, null),
    class_category_id: keep('class_category_id', input.class_category_id, null),
    tag_ids: input.tags !== undefined ? [...new Set(input.tags)] : (before?.tag_ids ?? []),
    available: keep('available', input.available, true),
    release_date: input.release_date ? new Date(input.release_date) : (before?.release_date ?? now),
    playbacks: before?.playbacks ?? 0,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
}

export async function createVideoFromInput(deps: Deps, input: VideoCreateInput): Promise<Video> {
  const video = await deps.store.runTransaction(async (tx) => {
    await checkReferences(deps, tx, input, null);
    const id = await allocateId(deps.store, tx, 'videos');
    const doc = applyInput(null, input, id, deps.now());
    createVideo(deps.store, tx, doc);
    return doc;
  });
  return (await toVideoDtos(deps, [video]))[0] as Video;
}

export async function updateVideoFromInput(deps: Deps, input: VideoUpdateInput): Promise<Video> {
  const video = await deps.store.runTransaction(async (tx) => {
    const before = await getVideo(deps.store, input.video_id, tx);
    if (!before) throw notFound();
    await checkReferences(deps, tx, input, before);
    const { video_id: id, ...fields } = input;
    const doc = applyInput(before, fields, id, deps.now());
    replaceVideo(deps.store, tx, doc);
    return doc;
  });
  return (await toVideoDtos(deps, [video]))[0] as Video;
}

/**
 * DELETE /videos/{id}: the video document is removed. Customers' marks and
 * ratings of it stay where they are (their own documents) and are never shown:
 * every list and mark call reads the video first (docs/videos).
 */
export async function deleteVideo(deps: Deps, id: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    if (!(await getVideo(deps.store, id, tx))) throw notFound();
    removeVideo(deps.store, tx, id);
  });
}
