import { messages } from '@studio/shared/messages';
import { generatePath, Link } from 'react-router';
import type { AppConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { homeInstructorsQuery } from './coaches-api';
import { fullName } from './instructor-profile';
import './coaches.css';

/**
 * The landing's coaches: the instructors placed on the home page, in their
 * home order (GET /instructors/home/all, ADR 0015), each linking to /coach/{id}.
 * Renders nothing while loading, on failure or when none is placed.
 */
export function CoachesSection(_props: { config: AppConfig }) {
  const { data } = useServerQuery(homeInstructorsQuery);
  if (!data || data.length === 0) return null;
  return (
    <section id="coaches" className="landing-section coaches-section" aria-labelledby="coaches-title">
      <h2 id="coaches-title">{messages.landing.coachesTitle}</h2>
      <ul className="coach-cards">
        {data.map((instructor) => {
          return (
            <li key={instructor.instructor_id} className="coach-card">
              {instructor.file?.src ? (
                <img className="coach-card__photo" src={instructor.file.src} alt="" loading="lazy" />
              ) : (
                <span className="coach-card__photo coach-card__photo--empty" aria-hidden="true">
                  {instructor.name.charAt(0)}
                </span>
              )}
              <h3 className="coach-card__name">
                <Link to={generatePath(paths.coach, { coach_id: String(instructor.instructor_id) })}>{fullName(instructor)}</Link>
              </h3>
              {instructor.quote && <p className="coach-card__quote">{instructor.quote}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
