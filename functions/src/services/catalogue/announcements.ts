import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { AnnouncementCreateInput } from '@studio/shared/schemas/catalogue/announcements';
import type { Announcement } from '@studio/shared/types/catalogue';
import type { AnnouncementDoc } from '../../data/repos/catalogue-repo';
import { type CatalogueResource, crudOperations } from './records';
import { stamps } from './values';

export const announcementsResource: CatalogueResource<'announcement_id', AnnouncementDoc, Announcement, AnnouncementCreateInput> = {
  collection: 'announcements',
  idField: 'announcement_id',
  notFound: catalogueMessages.announcements.notFound,
  fields: (input) => ({ title: input.title.trim(), content: input.content.trim() }),
  toDto: (doc) => ({ announcement_id: doc.announcement_id, title: doc.title, content: doc.content, ...stamps(doc) }),
  // Newest first, as a notice board reads.
  compare: (a, b) => b.announcement_id - a.announcement_id,
};

export const announcementOperations = crudOperations(announcementsResource);
