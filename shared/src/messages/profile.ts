/**
 * Spanish texts of Mi Información (/mystudio/informacion, customer-area §2, §3, §5, §8);
 * part of the one catalogue in ../messages.ts. The success text is the customer
 * group's ('Perfil actualizado con éxito.'), the address alerts are catalogue's
 * ('Debes agregar tu ciudad.'), field labels are ./fields.ts.
 */
export const profileMessages = {
  /** The profile card. */
  infoTitle: 'Mis datos',
  // Each button's name starts with its visible text (WCAG 2.5.3), then says which card.
  edit: 'Editar',
  editInfo: 'Editar mis datos',
  notSet: 'Sin registrar',
  reasonOther: '{reason}: {other}',
  emailHint: 'Tu correo es con el que inicias sesión; no se cambia aquí.',
  /** The photo. */
  photoOf: 'Foto de {name}',
  initialsOf: 'Iniciales de {name}',
  uploadPhoto: 'Cambiar foto',
  uploadingPhoto: 'Subiendo foto…',
  photoType: 'Elige una imagen JPG, PNG, WebP o GIF.',
  /** The billing address card. */
  addressTitle: 'Dirección de facturación',
  addressEmpty: 'Aún no has agregado una dirección de facturación.',
  addAddress: 'Agregar dirección',
  editAddress: 'Editar dirección de facturación',
  addressLoadError: 'No pudimos cargar tu dirección de facturación.',
  interior: 'Int. {n}',
  zip: 'C.P. {zip}',
} as const;
