import { describe, expect, it } from 'vitest';
import { spotRows } from '../../../lib/spot-numbers';
import { moveFocus } from './spot-map-keys';

// '4,5,5,4' drawn centred:
//      1  2  3  4
//    5  6  7  8  9
//   10 11 12 13 14
//     15 16 17 18
const ROOM = [4, 5, 5, 4];
const move = (current: number, key: string, modifiers: { ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean; shiftKey?: boolean } = {}) =>
  moveFocus(ROOM, current, { key, ...modifiers });

describe('spot numbering', () => {
  it('numbers spots row by row from the front, left to right, as the server does', () => {
    expect(spotRows(ROOM)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8, 9],
      [10, 11, 12, 13, 14],
      [15, 16, 17, 18],
    ]);
    expect(spotRows([])).toEqual([]);
  });
});

describe('spot map keyboard model', () => {
  it('moves left and right within a row and stays at its ends instead of wrapping', () => {
    expect(move(6, 'ArrowRight')).toBe(7);
    expect(move(6, 'ArrowLeft')).toBe(5);
    expect(move(9, 'ArrowRight')).toBe(9);
    expect(move(10, 'ArrowLeft')).toBe(10);
    expect(move(4, 'ArrowRight')).toBe(4);
    expect(move(5, 'ArrowLeft')).toBe(5);
  });

  it('goes to the first and last seat of the row with Home and End', () => {
    expect(move(7, 'Home')).toBe(5);
    expect(move(7, 'End')).toBe(9);
    expect(move(16, 'Home')).toBe(15);
    expect(move(16, 'End')).toBe(18);
  });

  it('goes to the first and last spot of the map with Ctrl+Home and Ctrl+End', () => {
    expect(move(12, 'Home', { ctrlKey: true })).toBe(1);
    expect(move(3, 'End', { ctrlKey: true })).toBe(18);
  });

  it('moves between rows of equal length straight up and down', () => {
    expect(move(6, 'ArrowDown')).toBe(11);
    expect(move(14, 'ArrowUp')).toBe(9);
  });

  it('moves between centred rows of different length to the nearest seat, edges lining up on a tie', () => {
    // Seat 1 sits between 5 and 6; the tie goes outward, so the left edge stays the left edge.
    expect(move(1, 'ArrowDown')).toBe(5);
    expect(move(4, 'ArrowDown')).toBe(9);
    expect(move(2, 'ArrowDown')).toBe(6);
    expect(move(3, 'ArrowDown')).toBe(8);
    expect(move(10, 'ArrowDown')).toBe(15);
    expect(move(14, 'ArrowDown')).toBe(18);
    expect(move(5, 'ArrowUp')).toBe(1);
    expect(move(9, 'ArrowUp')).toBe(4);
    // From the centre seat the two nearest are equally central: the lower number wins.
    expect(move(7, 'ArrowUp')).toBe(2);
    expect(move(12, 'ArrowDown')).toBe(16);
  });

  it('reaches the nearest seat of a much shorter or longer row, never off its ends', () => {
    // 2 over 8:  1 2  /  3 … 10, the pair centred over 6 and 7.
    const rows = [2, 8];
    expect(moveFocus(rows, 1, { key: 'ArrowDown' })).toBe(6);
    expect(moveFocus(rows, 2, { key: 'ArrowDown' })).toBe(7);
    expect(moveFocus(rows, 3, { key: 'ArrowUp' })).toBe(1);
    expect(moveFocus(rows, 10, { key: 'ArrowUp' })).toBe(2);
    expect(moveFocus([1, 3], 1, { key: 'ArrowDown' })).toBe(3);
    expect(moveFocus([3, 1], 1, { key: 'ArrowDown' })).toBe(4);
  });

  it('stays put at the front and back rows', () => {
    expect(move(2, 'ArrowUp')).toBe(2);
    expect(move(17, 'ArrowDown')).toBe(17);
  });

  it('jumps to the nearest seat of the first and last rows with PageUp and PageDown', () => {
    expect(move(17, 'PageUp')).toBe(3);
    expect(move(13, 'PageUp')).toBe(4);
    expect(move(13, 'PageDown')).toBe(18);
    expect(move(7, 'PageDown')).toBe(16);
    expect(move(1, 'PageUp')).toBe(1);
  });

  it('handles a single seat and a single row', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']) {
      expect(moveFocus([1], 1, { key })).toBe(1);
    }
    expect(moveFocus([3], 2, { key: 'ArrowDown' })).toBe(2);
    expect(moveFocus([3], 2, { key: 'End', ctrlKey: true })).toBe(3);
  });

  it('leaves other keys and modified keys to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a', 'Escape']) expect(move(6, key)).toBeNull();
    expect(move(6, 'ArrowLeft', { altKey: true })).toBeNull();
    expect(move(6, 'ArrowLeft', { metaKey: true })).toBeNull();
    expect(move(6, 'ArrowRight', { shiftKey: true })).toBeNull();
    expect(move(6, 'ArrowRight', { ctrlKey: true })).toBeNull();
  });

  it('refuses a spot that is not on the map', () => {
    expect(() => move(19, 'ArrowLeft')).toThrow(RangeError);
    expect(() => move(0, 'ArrowLeft')).toThrow(RangeError);
  });
});
