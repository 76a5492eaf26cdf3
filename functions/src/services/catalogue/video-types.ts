import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { VideoTypeCreateInput } from '@studio/shared/schemas/catalogue/video-types';
import type { VideoType } from '@studio/shared/types/catalogue';
import type { VideoTypeDoc } from '../../data/repos/catalogue-repo';
import { type CatalogueResource, crudOperations } from './records';
import { optionalText, stamps } from './values';

export const videoTypesResource: CatalogueResource<'video_type_id', VideoTypeDoc, VideoType, VideoTypeCreateInput> = {
  collection: 'video_types',
  idField: 'video_type_id',
  notFound: catalogueMessages.videoTypes.notFound,
  fields: (input, before) => ({ name: input.name.trim(), description: optionalText(input.description, before?.description) }),
  toDto: (doc) => ({ video_type_id: doc.video_type_id, name: doc.name, description: doc.description, ...stamps(doc) }),
};

export const videoTypeOperations = crudOperations(videoTypesResource);
