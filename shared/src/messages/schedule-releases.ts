/**
 * The server's refusals for schedule releases (docs/adr/0103; POST and DELETE
 * /api/schedule_releases). The console screen's texts are in
 * admin-schedule-releases.ts.
 */
export const scheduleReleasesMessages = {
  // Refusals (POST and DELETE /api/schedule_releases).
  instantFormat: 'Escribe una fecha y hora válidas.',
  notInFuture: 'La fecha del lanzamiento debe ser futura.',
  tooFar: 'La fecha del lanzamiento puede estar como máximo {n} días adelante.',
  tooMany: 'Solo puedes tener {n} lanzamientos próximos.',
  notFound: 'No encontramos ese lanzamiento; quizá ya se eliminó.',
} as const;
