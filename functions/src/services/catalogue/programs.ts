import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { ProgramCreateInput } from '@studio/shared/schemas/catalogue/programs';
import type { Program } from '@studio/shared/types/catalogue';
import type { ProgramDoc } from '../../data/repos/catalogue-repo';
import { type CatalogueResource, crudOperations } from './records';
import { fileOf, optionalText, stamps } from './values';

export const programsResource: CatalogueResource<'program_id', ProgramDoc, Program, ProgramCreateInput> = {
  collection: 'programs',
  idField: 'program_id',
  notFound: catalogueMessages.programs.notFound,
  fields: (input, before) => ({
    name: input.name.trim(),
    description: optionalText(input.description, before?.description),
    file: fileOf(input.file, before?.file),
  }),
  toDto: (doc) => ({ program_id: doc.program_id, name: doc.name, description: doc.description, file: doc.file, ...stamps(doc) }),
};

export const programOperations = crudOperations(programsResource);
