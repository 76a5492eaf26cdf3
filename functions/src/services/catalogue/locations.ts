import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { LocationCreateInput } from '@studio/shared/schemas/catalogue/locations';
import type { Location } from '@studio/shared/types/catalogue';
import type { LocationDoc } from '../../data/repos/catalogue-repo';
import { refuseIfScheduled } from './in-use-by-classes';
import { type CatalogueResource, crudOperations } from './records';
import { optionalText, stamps } from './values';

export const locationsResource: CatalogueResource<'location_id', LocationDoc, Location, LocationCreateInput> = {
  collection: 'locations',
  idField: 'location_id',
  notFound: catalogueMessages.locations.notFound,
  fields: (input, before) => ({ name: input.name.trim(), address: optionalText(input.address, before?.address) }),
  toDto: (doc) => ({ location_id: doc.location_id, name: doc.name, address: doc.address, ...stamps(doc) }),
  checkDelete: (deps, tx, doc) => refuseIfScheduled(deps, tx, 'locations', { field: 'location_id', id: doc.location_id }, catalogueMessages.locations.inUse),
};

export const locationOperations = crudOperations(locationsResource);
