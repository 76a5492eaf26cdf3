import { fill } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import type { Instructor } from '@studio/shared/types/catalogue';
import { instagramProfile } from './instagram';

export function fullName(instructor: Pick<Instructor, 'name' | 'last_name'>): string {
  return [instructor.name, instructor.last_name].filter(Boolean).join(' ');
}

/** Photo, name (the page's h1), quote, short bio and Instagram: what the coach and instructor pages share. */
export function InstructorProfile({ instructor }: { instructor: Instructor }) {
  const name = fullName(instructor);
  const instagram = instagramProfile(instructor.instagram);
  return (
    <div className="coach-profile">
      {instructor.file?.src && <img className="coach-profile__photo" src={instructor.file.src} alt={fill(m.coachPhoto, { name })} />}
      <div className="coach-profile__text">
        <h1>{name}</h1>
        {instructor.quote && (
          <blockquote className="coach-profile__quote">
            <p>{instructor.quote}</p>
          </blockquote>
        )}
        {instructor.short_bio && <p className="pre-line">{instructor.short_bio}</p>}
        {instagram && (
          <p>
            {/* The visible handle stays in the link's name (WCAG 2.5.3): the context is added, hidden, before it. */}
            <a href={instagram.href} target="_blank" rel="noopener noreferrer">
              <span className="visually-hidden">{`${fill(m.instagram, { name })}: `}</span>
              {instagram.handle}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
