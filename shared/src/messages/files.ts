/** Spanish texts of the files area; part of the one catalogue in ../messages.ts. */
export const filesMessages = {
  notFound: 'No encontramos el archivo.',
  multipartRequired: 'El archivo debe enviarse como formulario (multipart/form-data).',
  tooManyFiles: 'Envía un solo archivo a la vez.',
  typeNotAllowed: 'Ese tipo de archivo no está permitido. Puedes subir imágenes JPG, PNG, WebP o GIF, o documentos PDF.',
  tooLarge: 'El archivo supera el tamaño máximo de {mb} MB.',
  typeMismatch: 'El contenido del archivo no corresponde a su tipo.',
  invalidName: 'El nombre del archivo no es válido.',
  invalidData: 'El campo data debe ser un objeto JSON.',
  malformed: 'No pudimos leer el archivo enviado. Intenta de nuevo.',
  pageTooFar: 'La página no puede ser mayor que {n}.',
  publicNeedsAdmin: 'Solo un administrador puede publicar archivos.',
  /** Uploads are for customers' profiles and forms; an account that has not finished signing up has none. */
  customerRequired: 'Completa tu registro como cliente antes de subir archivos.',
  uploadRateLimited: 'Subiste demasiados archivos en poco tiempo: puedes subir hasta {count} por hora. Intenta de nuevo más tarde.',
  uploadQuotaExceeded: 'Alcanzaste el límite de {mb} MB en archivos subidos por día. Intenta de nuevo más tarde.',
  /** A profile photo must be an image the person uploaded themselves. */
  photoNotUsable: 'Elige una imagen JPG, PNG, WebP o GIF que hayas subido a tu cuenta.',
} as const;
