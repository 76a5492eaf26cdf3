import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { ClassCategoryCreateInput } from '@studio/shared/schemas/catalogue/class-categories';
import type { ClassCategory } from '@studio/shared/types/catalogue';
import { type ClassCategoryDoc, listRecords } from '../../data/repos/catalogue-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { refuseIfScheduled } from './in-use-by-classes';
import { type CatalogueResource, createDoc, crudOperations, listLiveDocs } from './records';
import { kept, optionalText, stamps } from './values';

const m = catalogueMessages.classCategories;

/** "Cycling & Ritmo" → "cycling-ritmo": the handle a category gets when none is given. */
export function handleFromName(name: string): string {
  const handle = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return handle === '' ? 'categoria' : handle;
}

type CategoryFields = Omit<ClassCategoryCreateInput, 'class_category_id'>;

export const classCategoriesResource: CatalogueResource<'class_category_id', ClassCategoryDoc, ClassCategory, CategoryFields> = {
  collection: 'class_categories',
  idField: 'class_category_id',
  notFound: m.notFound,
  fields: (input, before) => {
    const name = input.name.trim();
    return {
      name,
      // Omitted keeps the handle (links stay stable when a category is renamed); null derives it from the name.
      handle: input.handle === undefined && before ? before.handle : (input.handle ?? handleFromName(name)),
      description: optionalText(input.description, before?.description),
      available: kept(input.available, before?.available, true),
    };
  },
  toDto: (doc) => ({
    class_category_id: doc.class_category_id,
    name: doc.name,
    handle: doc.handle,
    description: doc.description,
    available: doc.available,
    ...stamps(doc),
  }),
  async checkSave(deps, tx, next, before) {
    const sameHandle = await listRecords<ClassCategoryDoc>(deps.store, 'class_categories', { field: 'handle', value: next.handle }, tx);
    if (sameHandle.some((doc) => !doc.deletedAt && doc.class_category_id !== before?.class_category_id)) {
      throw new AppError('conflict', 'class_categories/handle-taken', m.handleTaken, { handle: m.handleTaken });
    }
  },
  checkDelete: (deps, tx, doc) => refuseIfScheduled(deps, tx, 'class_categories', { field: 'class_category_id', id: doc.class_category_id }, m.inUse),
};

const plain = crudOperations(classCategoriesResource);

export const classCategoryOperations = {
  ...plain,
  /** The spec's clients send class_category_id 'nueva' for a new category; the id is allocated here. */
  create: async (deps: Deps, input: ClassCategoryCreateInput): Promise<ClassCategory> => {
    const { class_category_id: _new, ...fields } = input;
    return classCategoriesResource.toDto(await createDoc(deps, classCategoriesResource, fields));
  },
};

/** GET /class_categories/available: what customers may filter and book by. */
export async function listAvailableClassCategories(deps: Deps): Promise<ClassCategory[]> {
  return (await listLiveDocs(deps, classCategoriesResource, { field: 'available', value: true })).map(classCategoriesResource.toDto);
}
