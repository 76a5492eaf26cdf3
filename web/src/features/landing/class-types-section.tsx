import { messages } from '@studio/shared/messages';
import { landingMessages } from '@studio/shared/messages/landing';
import type { CatalogueFile, ClassType } from '@studio/shared/types/catalogue';
import { LoadError } from '../../components/load-error';
import { classTypesQuery } from '../../lib/catalogue-queries';
import { useServerQuery } from '../../lib/server-data';
import { IslandPlaceholder } from './landing-island';

/** Only class types with a picture or a clip make the landing (spec §2: "class types (only those that have a file)"). */
export function classTypesWithFile(classTypes: readonly ClassType[]): (ClassType & { file: CatalogueFile })[] {
  return classTypes.filter((classType): classType is ClassType & { file: CatalogueFile } => Boolean(classType.file?.src));
}

function ClassTypeMedia({ file, name }: { file: CatalogueFile; name: string }) {
  if (file.type.startsWith('video/')) {
    // Several clips playing at once would cost data and distract: each waits for a tap, with only its first frame loaded.
    return <video className="class-type-card__media" src={file.src} muted loop playsInline controls preload="metadata" aria-label={name} />;
  }
  // Decorative: the card's heading names the class.
  return <img className="class-type-card__media" src={file.src} alt="" loading="lazy" decoding="async" />;
}

/** "Nuestras Clases": the class types that have a file, as cards. Nothing at all when there are none. */
export function ClassTypesSection() {
  const { data, isError, isFetching, refetch } = useServerQuery(classTypesQuery);
  if (!data && !isError) return <IslandPlaceholder sectionKey="class_types" />;

  const classTypes = data ? classTypesWithFile(data) : [];
  if (data && classTypes.length === 0) return null;
  return (
    <section id="class-types" className="landing-section" aria-labelledby="class-types-title">
      <h2 id="class-types-title">{messages.landing.classTypesTitle}</h2>
      {!data ? (
        <LoadError message={landingMessages.classTypesLoadError} retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <ul className="landing-cards">
          {classTypes.map((classType) => (
            <li key={classType.class_type_id} className="class-type-card">
              <ClassTypeMedia file={classType.file} name={classType.name} />
              <div className="class-type-card__body">
                <h3 className="class-type-card__title">{classType.name}</h3>
                {classType.description && <p className="class-type-card__description">{classType.description}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
