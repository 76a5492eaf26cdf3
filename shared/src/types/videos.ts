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

/** The signed-in caller's own marks on a video, as the spec's client reads them (1/0, not booleans). */
export interface VideoMarkFlags {
  /** 1 when the caller marked it favorite (spec §3). */
  favorite: 0 | 1;
  /** 1 when the caller marked it complete. */
  completed: 0 | 1;
}

/** The average of every customer's stars (null before the first rating), how many rated, and the caller's own stars. */
export interface VideoRatingSummary {
  average: number | null;
  count: number;
  mine: number | null;
}

/** A video answered to a signed-in caller: the catalogue video with the caller's flags (and, for one video, its rating). */
export type CustomerVideo = Video & VideoMarkFlags & { rating?: VideoRatingSummary };

/** One customer's rating of one video (videos/{video_id}/ratings/{uid}). */
export interface VideoRatingFields {
  video_id: number;
  uid: string;
  customer_id: number | null;
  stars: number;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type VideoRating = Omit<Wire<VideoRatingFields>, 'uid'>;
