/**
 * Spanish texts of the admin console's shell (/admin): the no-access page, the
 * console's menu. Imported by the console's own code only, so the
 * landing bundle never carries them. Each screen keeps its texts in its own group.
 */
export const adminMessages = {
  /** Signed-in people without the `admin` claim. */
  noAccessTitle: 'Sin acceso',
  noAccessBody: 'Esta área es solo para el equipo del estudio.',
  backToMyStudio: 'Ir a Mi Estudio',
  /** The console's menu; the console's name is messages.screens.adminTitle. */
  groups: { operation: 'Operación', catalogue: 'Catálogo' },
  /** On phones and tablets the menu is a drawer behind this button, which names the section open now. */
  menuButton: 'Menú',
  links: {
    home: 'Tablero',
    checkIn: 'Check-in',
    schedule: 'Horario',
    customers: 'Clientes',
    pendingCash: 'Pagos en efectivo',
    mail: 'Correos enviados',
    packages: 'Paquetes',
    discounts: 'Descuentos',
    locations: 'Sedes',
    classTypes: 'Tipos de clase',
    coaches: 'Coaches',
    tags: 'Etiquetas',
    categories: 'Categorías',
    announcements: 'Avisos',
    programs: 'Programas',
    videoTypes: 'Tipos de video',
    videos: 'Videos',
    paymentMethods: 'Métodos de pago',
    forms: 'Formularios',
    customFields: 'Campos personalizados',
    pages: 'Páginas',
    config: 'Configuración',
  },
} as const;
