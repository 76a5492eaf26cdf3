import { fill } from '@studio/shared/messages';
import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { ClassTypeCreateInput } from '@studio/shared/schemas/catalogue/class-types';
import type { ClassType } from '@studio/shared/types/catalogue';
import type { ClassTypeDoc } from '../../data/repos/catalogue-repo';
import { activePackagesWithClassType } from '../../data/repos/class-packages-repo';
import { AppError } from '../../domain/errors';
import { refuseIfScheduled } from './in-use-by-classes';
import { type CatalogueResource, crudOperations } from './records';
import { fileOf, kept, optionalText, stamps } from './values';

const m = catalogueMessages.classTypes;

export const classTypesResource: CatalogueResource<'class_type_id', ClassTypeDoc, ClassType, ClassTypeCreateInput> = {
  collection: 'class_types',
  idField: 'class_type_id',
  notFound: m.notFound,
  fields: (input, before) => ({
    name: input.name.trim(),
    description: optionalText(input.description, before?.description),
    icon: optionalText(input.icon, before?.icon),
    spot_map: kept(input.spot_map, before?.spot_map, null),
    file: fileOf(input.file, before?.file),
  }),
  toDto: (doc) => ({
    class_type_id: doc.class_type_id,
    name: doc.name,
    description: doc.description,
    icon: doc.icon,
    spot_map: doc.spot_map,
    file: doc.file,
    ...stamps(doc),
  }),
  async checkDelete(deps, tx, doc) {
    // Both reads first (Firestore: reads before writes); the archive write follows in the caller.
    const packages = await activePackagesWithClassType(deps.store, tx, doc.class_type_id);
    await refuseIfScheduled(deps, tx, 'class_types', { field: 'class_type_id', id: doc.class_type_id }, m.inUseByClasses);
    if (packages.length > 0) {
      throw new AppError('conflict', 'class_types/in-use', fill(m.inUseByPackages, { packages: packages.join(', ') }));
    }
  },
};

export const classTypeOperations = crudOperations(classTypesResource);
