import type { CatalogueFile, Instructor, Tag } from './catalogue';
import type { Wire } from './wire';

/** videos/{video_id}: on-demand videos; field names are the spec's (tags stored as ids). The server also keeps search terms. */
export interface VideoFields {
  video_id: number;
  name: string;
  description: string | null;
  /** Whole minutes. */
  duration: number | null;
  url: string;
  thumbnail: string | null;
  file: CatalogueFile | null;
  instructor_id: number | null;
  video_type_id: number | null;
  program_id: number | null;
  class_type_id: number | null;
  class_category_id: number | null;
  tag_ids: number[];
  /** false = draft, seen only by admins. */
  available: boolean;
  /** Customers see it from this instant; before it, it is "upcoming". */
  release_date: Date;
  playbacks: number;
  createdAt: Date;
  updatedAt: Date;
}

export type VideoInstructor = Pick<Instructor, 'instructor_id' | 'name' | 'last_name' | 'nick_name' | 'file'>;
export type VideoTag = Pick<Tag, 'tag_id' | 'name' | 'color'>;

/** A video with its instructor and tags joined in. */
export type Video = Wire<VideoFields> & { instructor: VideoInstructor | null; tags: VideoTag[] };
