import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { InstructorCreateInput } from '@studio/shared/schemas/catalogue/instructors';
import type { Instructor } from '@studio/shared/types/catalogue';
import type { InstructorDoc } from '../../data/repos/catalogue-repo';
import type { Deps } from '../../deps';
import { refuseIfScheduled } from './in-use-by-classes';
import { type CatalogueResource, crudOperations, listLiveDocs } from './records';
import { fileOf, kept, optionalText, stamps } from './values';

const m = catalogueMessages.instructors;

export const instructorsResource: CatalogueResource<'instructor_id', InstructorDoc, Instructor, InstructorCreateInput> = {
  collection: 'instructors',
  idField: 'instructor_id',
  notFound: m.notFound,
  fields: (input, before) => ({
    name: input.name.trim(),
    last_name: optionalText(input.last_name, before?.last_name),
    nick_name: optionalText(input.nick_name, before?.nick_name),
    quote: optionalText(input.quote, before?.quote),
    short_bio: optionalText(input.short_bio, before?.short_bio),
    instagram: optionalText(input.instagram, before?.instagram),
    birthdate: kept(input.birthdate, before?.birthdate, null),
    music_type: optionalText(input.music_type, before?.music_type),
    file: fileOf(input.file, before?.file),
    home: kept(input.home, before?.home, false),
    home_order: kept(input.home_order, before?.home_order, null),
  }),
  toDto: (doc) => ({
    instructor_id: doc.instructor_id,
    name: doc.name,
    last_name: doc.last_name,
    nick_name: doc.nick_name,
    quote: doc.quote,
    short_bio: doc.short_bio,
    instagram: doc.instagram,
    birthdate: doc.birthdate,
    music_type: doc.music_type,
    file: doc.file,
    home: doc.home,
    home_order: doc.home_order,
    ...stamps(doc),
  }),
  checkDelete: (deps, tx, doc) => refuseIfScheduled(deps, tx, 'instructors', { field: 'instructor_ids', id: doc.instructor_id }, m.inUse),
};

export const instructorOperations = crudOperations(instructorsResource);

const homePosition = (doc: InstructorDoc) => doc.home_order ?? Number.MAX_SAFE_INTEGER;

/** GET /instructors/home/all: the landing page's coaches, by home_order (unordered ones last), then id. */
export async function listHomeInstructors(deps: Deps): Promise<Instructor[]> {
  const docs = await listLiveDocs(deps, instructorsResource, { field: 'home', value: true });
  return docs.sort((a, b) => homePosition(a) - homePosition(b) || a.instructor_id - b.instructor_id).map(instructorsResource.toDto);
}
