/** Identities, customers and legal pages of the demo studio (printed in the README). */
export interface SeedUser {
  uid: string;
  email: string;
  password: string;
  admin: boolean;
  customer: {
    name: string;
    last_name: string;
    phone: string;
    instagram: string | null;
    birthdate: string | null;
    signup_reason: string | null;
    /** Answers to the studio's customer fields (ADR 0086): the seed's required emergency contact is answered, so the demo opens unblocked. */
    custom_values: Record<string, string>;
  };
}

/** Printed in the README; local demo project only. */
export const seedUsers: SeedUser[] = [
  {
    uid: 'seed-admin-valeria',
    email: 'admin@estudiolatido.mx',
    password: 'Latido.Admin.2026',
    admin: true,
    customer: {
      name: 'Valeria',
      last_name: 'Ríos Castañeda',
      phone: '5511110000',
      instagram: '@valeria.latido',
      birthdate: '1988-04-12',
      signup_reason: null,
      custom_values: { emergency_contact: 'Jorge Ríos 5511112222' },
    },
  },
  {
    uid: 'seed-customer-ana',
    email: 'ana.lopez@example.com',
    password: 'Cliente.Ana.2026',
    admin: false,
    customer: {
      name: 'Ana',
      last_name: 'López Martínez',
      phone: '5522223333',
      instagram: '@anitalopez',
      birthdate: '1995-09-30',
      signup_reason: 'Instagram',
      custom_values: { emergency_contact: 'Lucía Martínez 5522224444' },
    },
  },
  {
    uid: 'seed-customer-diego',
    email: 'diego.hernandez@example.com',
    password: 'Cliente.Diego.2026',
    admin: false,
    customer: {
      name: 'Diego',
      last_name: 'Hernández Soto',
      phone: '5533334444',
      instagram: null,
      birthdate: '1991-01-17',
      signup_reason: 'Recomendación',
      custom_values: { emergency_contact: 'Sofía Soto 5533335555' },
    },
  },
];

export const pages = [
  {
    page_id: 1,
    title: 'Términos y Condiciones',
    slug: 'terminos-y-condiciones',
    required: true,
    required_signup: true,
    content:
      '<h2>Términos y Condiciones</h2><p>Al reservar en Estudio Latido aceptas llegar 10 minutos antes de tu clase. Los paquetes son personales e intransferibles y vencen en la fecha indicada al comprarlos.</p><p>Los precios están en pesos mexicanos (MXN) e incluyen IVA.</p>',
  },
  {
    page_id: 2,
    title: 'Aviso de Privacidad',
    slug: 'aviso-de-privacidad',
    required: false,
    required_signup: true,
    content:
      '<h2>Aviso de Privacidad</h2><p>Estudio Latido, con domicilio en Av. Álvaro Obregón 120, Roma Norte, CDMX, usa tus datos personales solo para administrar tus reservaciones y pagos, conforme a la LFPDPPP.</p>',
  },
  {
    page_id: 3,
    title: 'Políticas de Cancelación',
    slug: 'politicas-de-cancelacion',
    required: false,
    required_signup: false,
    content:
      '<h2>Políticas de Cancelación</h2><p>Puedes cancelar sin costo hasta 12 horas antes de tu clase. Después de ese plazo el crédito no se regresa.</p>',
  },
];
