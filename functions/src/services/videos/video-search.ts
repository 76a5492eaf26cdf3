import {
  type ClassCategoryDoc,
  type ClassTypeDoc,
  type InstructorDoc,
  listRecords,
  type ProgramDoc,
  type TagDoc,
  type VideoTypeDoc,
} from '../../data/repos/catalogue-repo';
import type { VideoDoc } from '../../data/repos/videos-repo';
import type { Deps } from '../../deps';
import { videoSearchTerms } from './search-terms';

const instructorTexts = (coach: InstructorDoc | null | undefined) => (coach ? [coach.name, coach.last_name, coach.nick_name] : []);

/**
 * The terms of videos as a search reads them: computed from the catalogue as
 * it is now, so a renamed coach or tag, and videos written before the
 * description and references counted, are found without rewriting them
 * (docs/adr/0119). The six small catalogue collections are read once per search.
 */
export async function searchTermsReader(deps: Deps): Promise<(video: VideoDoc) => string[]> {
  const byId = async <T extends object>(collection: string, idOf: (doc: T) => number) =>
    new Map((await listRecords<T>(deps.store, collection)).map((doc) => [idOf(doc), doc] as const));
  const [coaches, tags, classTypes, categories, videoTypes, programs] = await Promise.all([
    byId<InstructorDoc>('instructors', (d) => d.instructor_id),
    byId<TagDoc>('tags', (d) => d.tag_id),
    byId<ClassTypeDoc>('class_types', (d) => d.class_type_id),
    byId<ClassCategoryDoc>('class_categories', (d) => d.class_category_id),
    byId<VideoTypeDoc>('video_types', (d) => d.video_type_id),
    byId<ProgramDoc>('programs', (d) => d.program_id),
  ]);
  const nameOf = (map: Map<number, { name?: string | null }>, id: number | null) => (id === null ? null : map.get(id)?.name);
  return (video) =>
    videoSearchTerms({
      name: video.name,
      description: video.description,
      related: [
        ...instructorTexts(video.instructor_id === null ? null : coaches.get(video.instructor_id)),
        ...video.tag_ids.map((id) => tags.get(id)?.name),
        nameOf(classTypes, video.class_type_id),
        nameOf(categories, video.class_category_id),
        nameOf(videoTypes, video.video_type_id),
        nameOf(programs, video.program_id),
      ],
    });
}
