/**
 * Spanish texts of the spot map, the seat picker of the booking modal (web/src/features/booking/spot-map.tsx);
 * part of the one catalogue in ../messages.ts. Each seat's name starts with its visible number (WCAG 2.5.3).
 */
export const spotMapMessages = {
  instructions: 'Usa las flechas para moverte entre los lugares y Enter o Espacio para elegir.',
  /** Above the first row, so "row 1" has a meaning in the room. */
  front: 'Frente (coach)',
  row: 'Fila {row}',
  seatFree: 'Lugar {spot}, disponible',
  seatTaken: 'Lugar {spot}, ocupado',
  seatMine: 'Lugar {spot}, tu lugar',
  picked: 'Elegiste el lugar {spot}.',
  legend: { free: 'Disponible', taken: 'Ocupado', mine: 'Tu lugar', selected: 'Elegido' },
} as const;
