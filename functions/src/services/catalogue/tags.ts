import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { TagCreateInput } from '@studio/shared/schemas/catalogue/tags';
import type { Tag } from '@studio/shared/types/catalogue';
import type { TagDoc } from '../../data/repos/catalogue-repo';
import { refuseIfScheduled } from './in-use-by-classes';
import { type CatalogueResource, crudOperations } from './records';
import { stamps } from './values';

export const tagsResource: CatalogueResource<'tag_id', TagDoc, Tag, TagCreateInput> = {
  collection: 'tags',
  idField: 'tag_id',
  notFound: catalogueMessages.tags.notFound,
  fields: (input) => ({ name: input.name.trim(), color: input.color.toLowerCase() }),
  toDto: (doc) => ({ tag_id: doc.tag_id, name: doc.name, color: doc.color, ...stamps(doc) }),
  checkDelete: (deps, tx, doc) => refuseIfScheduled(deps, tx, 'tags', { field: 'tag_ids', id: doc.tag_id }, catalogueMessages.tags.inUse),
};

export const tagOperations = crudOperations(tagsResource);
