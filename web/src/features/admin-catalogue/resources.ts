import { adminCatalogueMessages as m } from '@studio/shared/messages/admin-catalogue';
import { fieldLabels } from '@studio/shared/messages/fields';
import { announcementCreateSchema, announcementUpdateSchema } from '@studio/shared/schemas/catalogue/announcements';
import { classCategoryCreateSchema, classCategoryUpdateSchema, NEW_CLASS_CATEGORY_ID } from '@studio/shared/schemas/catalogue/class-categories';
import { classTypeCreateSchema, classTypeUpdateSchema } from '@studio/shared/schemas/catalogue/class-types';
import { instructorCreateSchema, instructorUpdateSchema } from '@studio/shared/schemas/catalogue/instructors';
import { locationCreateSchema, locationUpdateSchema } from '@studio/shared/schemas/catalogue/locations';
import { paymentMethodCreateSchema, paymentMethodUpdateSchema } from '@studio/shared/schemas/catalogue/payment-methods';
import { programCreateSchema, programUpdateSchema } from '@studio/shared/schemas/catalogue/programs';
import { tagCreateSchema, tagUpdateSchema } from '@studio/shared/schemas/catalogue/tags';
import { videoTypeCreateSchema, videoTypeUpdateSchema } from '@studio/shared/schemas/catalogue/video-types';
import { videoCreateSchema, videoUpdateSchema } from '@studio/shared/schemas/video';
import { type CatalogueKey, cataloguePaths } from './catalogue-paths';
import type { CatalogueRecord, FieldKind, FieldName, ReferenceField, ReferenceKind, ResourceDescriptor, ValueField } from './resource-descriptor';

const field = (name: FieldName, kind: FieldKind = 'text', extra: Partial<ValueField> = {}): ValueField => ({
  name,
  label: fieldLabels[name],
  kind,
  ...extra,
});

const reference = (name: FieldName, of: CatalogueKey, kind: ReferenceKind = 'reference', extra: Partial<ReferenceField> = {}): ReferenceField => ({
  name,
  label: fieldLabels[name],
  kind,
  of,
  ...extra,
});

// The records' `file` is always a picture in the console, so it reads 'Imagen', not 'Archivo'.
const image = field('file', 'image', { label: fieldLabels.image });

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const byName = (record: CatalogueRecord) => text(record.name);

/** What customers do not see yet: a draft, or a video released later (GET /videos answers both to admins). */
function videoStatus(record: CatalogueRecord, now: Date): string | null {
  if (record.available === false) return m.videos.draft;
  return Date.parse(text(record.release_date)) > now.getTime() ? m.videos.upcoming : null;
}

/** The descriptor's names, paths and texts; `one` is the API's singular wrapper, `many` its plural and path. */
function resource(
  key: CatalogueKey,
  one: string,
  rest: Omit<ResourceDescriptor, 'key' | 'path' | 'title' | 'singular' | 'createLabel' | 'api' | 'one' | 'many' | 'id'>,
) {
  const texts = m.resources[key];
  return {
    key,
    path: cataloguePaths[key],
    title: texts.title,
    singular: texts.singular,
    createLabel: texts.create,
    api: `/${key}`,
    one,
    many: key,
    id: `${one}_id`,
    ...rest,
  } satisfies ResourceDescriptor;
}

/**
 * The catalogue resources the console edits (docs/catalogue/README.md, and
 * docs/videos for videos). The `file` of class types, instructors, programs
 * and videos is an 'image' field: sent only when changed, since an omitted
 * field keeps its stored value on PUT.
 */
export const resources: Readonly<Record<CatalogueKey, ResourceDescriptor>> = {
  locations: resource('locations', 'location', {
    label: byName,
    columns: ['address'],
    fields: [field('name'), field('address', 'textarea')],
    createSchema: locationCreateSchema,
    updateSchema: locationUpdateSchema,
  }),
  class_types: resource('class_types', 'class_type', {
    label: byName,
    columns: ['icon', 'spot_map'],
    fields: [field('name'), field('description', 'textarea'), field('icon'), field('spot_map', 'spot-map'), image],
    createSchema: classTypeCreateSchema,
    updateSchema: classTypeUpdateSchema,
  }),
  instructors: resource('instructors', 'instructor', {
    label: (record) => [text(record.name), text(record.last_name)].filter(Boolean).join(' '),
    columns: ['nick_name', 'instagram', 'home'],
    fields: [
      field('name'),
      field('last_name'),
      field('nick_name'),
      field('quote', 'textarea'),
      field('short_bio', 'textarea'),
      field('instagram'),
      field('birthdate', 'date'),
      field('music_type'),
      field('home', 'checkbox'),
      field('home_order', 'number'),
      image,
    ],
    createSchema: instructorCreateSchema,
    updateSchema: instructorUpdateSchema,
  }),
  tags: resource('tags', 'tag', {
    label: byName,
    columns: ['color'],
    fields: [field('name'), field('color', 'color')],
    createSchema: tagCreateSchema,
    updateSchema: tagUpdateSchema,
  }),
  class_categories: resource('class_categories', 'class_category', {
    label: byName,
    columns: ['handle', 'available'],
    fields: [field('name'), field('handle'), field('description', 'textarea'), field('available', 'checkbox', { initial: true })],
    createExtras: { class_category_id: NEW_CLASS_CATEGORY_ID },
    createSchema: classCategoryCreateSchema,
    updateSchema: classCategoryUpdateSchema,
  }),
  announcements: resource('announcements', 'announcement', {
    label: (record) => text(record.title),
    columns: ['content'],
    fields: [field('title'), field('content', 'textarea')],
    createSchema: announcementCreateSchema,
    updateSchema: announcementUpdateSchema,
  }),
  programs: resource('programs', 'program', {
    label: byName,
    columns: ['description'],
    fields: [field('name'), field('description', 'textarea'), image],
    createSchema: programCreateSchema,
    updateSchema: programUpdateSchema,
  }),
  video_types: resource('video_types', 'video_type', {
    label: byName,
    columns: ['description'],
    fields: [field('name'), field('description', 'textarea')],
    createSchema: videoTypeCreateSchema,
    updateSchema: videoTypeUpdateSchema,
  }),
  payment_methods: resource('payment_methods', 'payment_method', {
    label: byName,
    columns: [],
    fields: [field('name')],
    createSchema: paymentMethodCreateSchema,
    updateSchema: paymentMethodUpdateSchema,
  }),
  // GET /videos pages (32, newest first, drafts and upcoming ones included for admins) and searches by name on the server.
  videos: resource('videos', 'video', {
    label: byName,
    status: videoStatus,
    columns: ['release_date', 'duration'],
    paging: 'server',
    fields: [
      field('name'),
      field('description', 'textarea'),
      field('url', 'text', { hint: m.videos.urlHint }),
      field('thumbnail', 'text', { hint: m.videos.urlHint }),
      field('duration', 'number'),
      reference('instructor_id', 'instructors'),
      reference('video_type_id', 'video_types'),
      reference('program_id', 'programs'),
      reference('class_type_id', 'class_types'),
      reference('class_category_id', 'class_categories'),
      // The API takes tag ids as `tags` and answers them as `tag_ids` (its `tags` are the joined records).
      reference('tags', 'tags', 'references', { source: 'tag_ids' }),
      field('available', 'checkbox', { initial: true, hint: m.videos.availableHint }),
      field('release_date', 'instant', { hint: m.videos.releaseHint }),
      image,
    ],
    createSchema: videoCreateSchema,
    updateSchema: videoUpdateSchema,
  }),
};
