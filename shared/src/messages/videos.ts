/**
 * Spanish texts of the customer's video marks (completion, favorites,
 * ratings) and of the "rate this video" e-mail; part of the one catalogue in
 * ../messages.ts. The video 404 and the 412 are the spec's, in ./access.ts.
 */
export const videoMessages = {
  // Spec texts (verbatim, §8 success messages; the SPA shows them after the call).
  favoriteAdded: '¡Favorito agregado!',
  favoriteRemoved: '¡Favorito eliminado!',

  starsRange: 'Elige de 1 a 5 estrellas.',
  ratingSaved: '¡Gracias por calificar este video!',
  ratingEmailSent: 'Te enviamos un correo para que califiques este video.',
  ratingEmailAlreadySent: 'Ya te habíamos enviado un correo para calificar este video.',
  noEmail: 'No tenemos un correo electrónico tuyo. Completa tu registro para recibir la invitación.',

  /** The e-mail that asks to rate a video (POST /videos/rating/email). `{…}` are filled with `fill`. */
  ratingMail: {
    subject: '¿Qué te pareció {video}? Califícalo en {studio}',
    greeting: 'Hola, {name}:',
    greetingNoName: 'Hola:',
    body: 'Gracias por entrenar con nosotros con el video «{video}». Nos ayuda mucho saber qué te pareció.',
    action: 'Califícalo de 1 a 5 estrellas aquí:',
    actionNoLink: 'Califícalo de 1 a 5 estrellas desde la sección Online de tu cuenta.',
    linkText: 'Calificar el video',
    signature: 'Nos vemos pronto,\n{studio}',
  },
} as const;
